import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication, type TestApplication, withoutTraceId } from '../../test-application.test-support.js';
import { makeTestKey, signTestToken, TEST_ISSUER, type TestTokenOptions, testKey } from './test-tokens.test-support.js';

/**
 * The sample API with auth, as its rules in application.yaml say: reads open, writes with the write scope,
 * deleting a user with the admin role too. The service trusts the key the tests made (the test profile).
 */
let service: TestApplication;
const AUDIENCE = '__artifactId__';
const REALM = 'Bearer realm="__artifactId__"';

beforeAll(async () => {
  service = await startTestApplication();
});
afterAll(() => service.application.close());

const token = (options: Partial<TestTokenOptions> = {}) => signTestToken({ audience: AUDIENCE, ...options });

async function send(method: string, path: string, options: { token?: string; body?: string } = {}) {
  const response = await fetch(`${service.application.url}${path}`, {
    method,
    headers: {
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body,
  });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: withoutTraceId((await response.json()) as Record<string, unknown>),
  };
}

const carol = JSON.stringify({ name: 'carol', age: 41 });
const userCount = async () => ((await send('GET', '/sys-users/page')).body.data as { totalCount: number }).totalCount;

describe('the sample API with auth', () => {
  it('serves reads without a token', async () => {
    expect((await send('GET', '/sys-users/page')).status).toBe(200);
    expect((await send('GET', '/sys-users/1')).body).toEqual({
      code: 200,
      msg: 'success',
      data: { id: 1, name: 'alice', age: 20 },
    });
  });

  it('refuses a write without a token with 401, a challenge and the unified body, and writes nothing', async () => {
    const before = await userCount();
    expect(await send('POST', '/sys-users', { body: carol })).toEqual({
      status: 401,
      challenge: REALM,
      body: { code: 401, data: null, msg: 'this route needs a bearer token: send Authorization: Bearer <token>' },
    });
    // The token is checked before the body is read: a malformed one is not what the refusal is about.
    expect((await send('PUT', '/sys-users/1', { body: '{"name": ' })).status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it('writes with a token that has the write scope', async () => {
    const writer = await token({ scopes: ['read', 'write'] });
    const created = await send('POST', '/sys-users', { token: writer, body: carol });
    expect(created).toEqual({
      status: 200,
      challenge: null,
      body: { code: 200, data: expect.any(Number), msg: 'success' },
    });
    const id = created.body.data as number;
    expect(
      (await send('PUT', `/sys-users/${id}`, { token: writer, body: JSON.stringify({ name: 'carol', age: 42 }) }))
        .status,
    ).toBe(200);
    expect((await send('GET', `/sys-users/${id}`)).body.data).toEqual({ id, name: 'carol', age: 42 });
  });

  it('refuses a token without the write scope with 403, naming the scope', async () => {
    const msg = 'this route needs the scope write, which the token lacks';
    expect(await send('POST', '/sys-users', { token: await token({ scopes: ['read'] }), body: carol })).toEqual({
      status: 403,
      challenge: `${REALM}, error="insufficient_scope", error_description="${msg}", scope="write"`,
      body: { code: 403, data: null, msg },
    });
  });

  it('lets only the admin role delete a user, whatever the scopes', async () => {
    const id = (await send('POST', '/sys-users', { token: await token({ scopes: ['write'] }), body: carol })).body.data;
    const denied = await send('DELETE', `/sys-users/${id}`, {
      token: await token({ scopes: ['write'], roles: ['viewer'] }),
    });
    expect(denied).toMatchObject({
      status: 403,
      body: { msg: 'this route needs one of the roles admin, which the token lacks' },
    });
    expect((await send('DELETE', `/sys-users/${id}`, { token: await token({ roles: ['admin'] }) })).status).toBe(200);
    expect((await send('GET', `/sys-users/${id}`)).status).toBe(404);
  });

  it('refuses a token that is not valid with 401 invalid_token, saying why', async () => {
    const { kid } = await testKey();
    const impostor = { ...(await makeTestKey()), kid };
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string, string][] = [
      ['expired', await token({ expiresIn: -120 }), 'the token has expired; get a new one'],
      ['not yet valid', await token({ notBefore: 120 }), 'the token is not valid yet (nbf)'],
      [
        'another issuer',
        await token({ issuer: 'https://elsewhere.test/' }),
        `the token was not issued by ${TEST_ISSUER} (iss)`,
      ],
      [
        'another audience',
        await token({ audience: 'billing' }),
        `the token is not meant for this service: its aud names none of ${AUDIENCE}`,
      ],
      [
        'another key under the same kid',
        await token({ key: impostor }),
        "the token's signature does not verify with the issuer's keys",
      ],
      [
        'an unknown key',
        await token({ key: await makeTestKey() }),
        "the token's signature does not verify with the issuer's keys",
      ],
      [
        'no expiry',
        await new SignJWT({ scope: 'write' })
          .setProtectedHeader({ alg: 'ES256', kid })
          .setIssuer(TEST_ISSUER)
          .setAudience(AUDIENCE)
          .sign((await testKey()).privateKey),
        'the token has no expiry (exp); tokens that never expire are not accepted',
      ],
      [
        'a shared secret (HS256)',
        await new SignJWT({ scope: 'write' })
          .setProtectedHeader({ alg: 'HS256', kid })
          .setIssuer(TEST_ISSUER)
          .setAudience(AUDIENCE)
          .setExpirationTime(now + 60)
          .sign(new TextEncoder().encode('a secret anyone may have read')),
        'the token is signed with an algorithm not accepted here; use one of RS256, ES256',
      ],
      [
        'no signature (alg none)',
        new UnsecuredJWT({ scope: 'write' })
          .setIssuer(TEST_ISSUER)
          .setAudience(AUDIENCE)
          .setExpirationTime(now + 60)
          .encode(),
        'the token is signed with an algorithm not accepted here; use one of RS256, ES256',
      ],
      ['not a JWT', 'abc.def', 'the bearer token is not a JWT this service can check'],
    ];
    for (const [label, sent, msg] of cases) {
      expect(await send('POST', '/sys-users', { token: sent, body: carol }), label).toEqual({
        status: 401,
        challenge: `${REALM}, error="invalid_token", error_description="${msg}"`,
        body: { code: 401, data: null, msg },
      });
    }
  });

  it('accepts a token that expired within the clock tolerance (30 s)', async () => {
    const late = await token({ scopes: ['write'], expiresIn: -5 });
    expect((await send('POST', '/sys-users', { token: late, body: carol })).status).toBe(200);
  });

  it('says in /openapi.json which operations take which token, and their 401 and 403', async () => {
    const document = (await (await fetch(`${service.application.url}/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, object> };
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: `A JWT issued by ${TEST_ISSUER} for ${AUDIENCE}, sent as \`Authorization: Bearer <token>\`.`,
      },
    });
    const { '/sys-users': collection, '/sys-users/{id}': item, '/sys-users/page': page } = document.paths;
    expect(collection?.post?.security).toEqual([{ bearerAuth: ['write'] }]);
    expect(item?.put?.security).toEqual([{ bearerAuth: ['write'] }]);
    expect(item?.delete?.security).toEqual([{ bearerAuth: [] }]);
    expect(item?.delete?.responses['403']).toMatchObject({
      description: 'The token lacks what the route needs: one of the roles admin',
    });
    expect(collection?.post?.responses['401']).toMatchObject({ headers: { 'WWW-Authenticate': expect.any(Object) } });
    expect(item?.get?.security).toBeUndefined();
    expect(page?.get?.security).toBeUndefined();
  });
});

describe('auth configured otherwise', () => {
  it('reads the roles at the claim path the configuration names (Keycloak: realm_access.roles)', async () => {
    const keycloak = await startTestApplication({ auth: { claims: { roles: 'realm_access.roles' } } });
    try {
      const remove = async (roles: Partial<TestTokenOptions>) => {
        const response = await fetch(`${keycloak.application.url}/sys-users/2`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${await token(roles)}` },
        });
        return response.status;
      };
      expect(await remove({ roles: ['admin'] })).toBe(403);
      expect(await remove({ roles: ['admin'], rolesClaim: 'realm_access.roles' })).toBe(200);
    } finally {
      await keycloak.application.close();
    }
  });

  it('does not start without an issuer, or with a rule that guards no route, and says what to change', async () => {
    await expect(startTestApplication({ auth: { issuer: '' } })).rejects.toThrow(
      'invalid auth section in application.yaml: auth.issuer: set the issuer of the tokens (their iss claim)',
    );
    const rules = [{ methods: ['POST'], url: '/sys-user', scopes: ['write'] }];
    await expect(startTestApplication({ auth: { rules } })).rejects.toThrow(
      'auth.rules[0] (POST /sys-user) guards no route; correct its url or methods, or remove it',
    );
  });
});
