import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../config/load-config.js';
import { type AuthConfig, readAuthConfig } from './auth-config.js';
import { AuthError } from './auth-error.js';
import { makeTestKey, signTestToken, TEST_ISSUER } from './test-tokens.test-support.js';
import { tokenKeys } from './token-keys.js';
import { tokenVerifier } from './verify-token.js';

const ISSUER = 'https://login.example.com/';

/** The auth section application.yaml ships, with `auth` over it. */
async function authConfig(auth: Record<string, unknown>): Promise<AuthConfig> {
  return readAuthConfig(await loadConfig({ profile: '', env: {}, overrides: { auth } }));
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error('expected a refusal');
  return error.message;
}

describe('the auth section', () => {
  it('is read as application.yaml ships it once an issuer is set: writes guarded, deletes of users for admins', async () => {
    expect(await authConfig({ issuer: ISSUER })).toMatchObject({
      issuer: ISSUER,
      audience: '__artifactId__',
      algorithms: ['RS256', 'ES256'],
      rules: [
        { methods: ['DELETE'], url: '/sys-users/:id', scopes: [], roles: ['admin'], anonymous: false },
        { methods: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/**', scopes: ['write'], roles: [], anonymous: false },
      ],
    });
  });

  it('stops the start on what it cannot use, naming the key', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'auth.issuer: set the issuer of the tokens (their iss claim)'],
      [
        { issuer: ISSUER, publicKey: '{}', jwksUri: 'https://login.example.com/jwks' },
        'auth.jwksUri: set publicKey or jwksUri, not both',
      ],
      [{ issuer: ISSUER, jwksUri: 'ftp://login.example.com/jwks' }, 'auth.jwksUri: must be an http:// or https:// URL'],
      [{ issuer: ISSUER, algorithms: ['HS256'] }, 'auth.algorithms.0: Invalid option'],
      [
        { issuer: ISSUER, rules: [{ methods: ['POST'], url: '/a', scopes: ['a b'] }] },
        'auth.rules.0.scopes.0: must be printable ASCII',
      ],
      [
        { issuer: ISSUER, rules: [{ methods: ['POST'], url: '/a', roles: ['x'], anonymous: true }] },
        'auth.rules.0: an anonymous rule takes no scopes or roles',
      ],
      [{ issuer: ISSUER, rules: [{ methods: ['POST'], url: 'sys-users' }] }, 'auth.rules.0.url: must be a path'],
      [{ issuer: ISSUER, audiance: 'typo' }, 'Unrecognized key: "audiance"'],
    ];
    for (const [auth, message] of cases) {
      expect(await refusal(authConfig(auth)), JSON.stringify(auth)).toContain(message);
    }
  });
});

describe('tokenKeys', () => {
  it('refuses a publicKey that is private, symmetric or no key, so no secret sits in the configuration', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const privatePem = await exportPKCS8(privateKey);
    const privateJwk = await exportJWK(privateKey);
    const cases: [string, string][] = [
      [privatePem, 'auth.publicKey is a private key; give the public key only'],
      [JSON.stringify(privateJwk), 'auth.publicKey holds a private or symmetric key'],
      [JSON.stringify({ keys: [{ kty: 'oct', k: 'c2VjcmV0' }] }), 'auth.publicKey holds a private or symmetric key'],
      [JSON.stringify({ keys: [{ n: 'x' }] }), 'auth.publicKey holds something that is not a JWK'],
      ['{"kty": ', 'auth.publicKey is not valid JSON'],
      ['-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', 'auth.publicKey is not a PEM public key'],
    ];
    for (const [publicKey, message] of cases) {
      expect(await refusal(authConfig({ issuer: ISSUER, publicKey }).then(tokenKeys)), publicKey).toContain(message);
    }
  });

  it('checks tokens with a PEM public key, and refuses one signed by a key of another type', async () => {
    const rsa = await makeTestKey('RS256');
    const config = await authConfig({ issuer: TEST_ISSUER, publicKey: rsa.publicPem });
    const verify = tokenVerifier(config, tokenKeys(config), pino({ level: 'silent' }));
    const token = await signTestToken({
      audience: '__artifactId__',
      key: rsa,
      scopes: ['write', 'read'],
      roles: ['admin'],
    });
    expect(await verify(token)).toMatchObject({
      subject: 'test-user',
      scopes: new Set(['write', 'read']),
      roles: new Set(['admin']),
    });
    const other = await signTestToken({ audience: '__artifactId__', key: await makeTestKey('ES256') });
    const error = await verify(other).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'invalid_token',
      message: "the token's signature does not verify with the issuer's keys",
    });
  });
});
