import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication, type TestApplication } from '../../test-application.test-support.js';
import { makeTestKey, signTestToken, type TestKey } from './test-tokens.test-support.js';

/**
 * Keys from an issuer: an OpenID provider on 127.0.0.1 that serves its discovery document and its key set
 * (JWKS), and counts how often each is fetched.
 */
interface Issuer {
  readonly url: string;
  readonly fetched: { discovery: number; jwks: number };
  /** The keys the set lists from now on. */
  publish(keys: readonly TestKey[]): void;
  close(): Promise<void>;
}

async function startIssuer(keys: readonly TestKey[], options: { claimedIssuer?: string } = {}): Promise<Issuer> {
  let published: JWK[] = keys.map((key) => key.publicJwk);
  const fetched = { discovery: 0, jwks: 0 };
  let url = '';
  const server: Server = createServer((request, response) => {
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/.well-known/openid-configuration') {
      fetched.discovery++;
      json({ issuer: options.claimedIssuer ?? url, jwks_uri: `${url}/protocol/certs` });
    } else if (request.url === '/protocol/certs') {
      fetched.jwks++;
      json({ keys: published });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    fetched,
    publish: (next) => {
      published = next.map((key) => key.publicJwk);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The service trusting `issuer` (no key of its own), with the JWKS settings given. */
function serviceOf(issuer: string, auth: Record<string, unknown> = {}): Promise<TestApplication> {
  return startTestApplication({ auth: { issuer, publicKey: '', jwksUri: '', ...auth } });
}

async function create(service: TestApplication, issuer: string, key: TestKey) {
  const token = await signTestToken({ audience: '__artifactId__', issuer, key, scopes: ['write'] });
  const response = await fetch(`${service.application.url}/sys-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'jwks', age: 1 }),
  });
  return { status: response.status, msg: ((await response.json()) as { msg: string }).msg };
}

let first: TestKey;
let second: TestKey;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  [first, second] = await Promise.all([makeTestKey('RS256'), makeTestKey('ES256')]);
});
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});
afterAll(async () => {
  for (const close of closing.splice(0)) await close();
});

async function started(issuerKeys: readonly TestKey[], auth: Record<string, unknown> = {}, claimedIssuer?: string) {
  const issuer = await startIssuer(issuerKeys, { claimedIssuer });
  closing.push(() => issuer.close());
  const service = await serviceOf(issuer.url, auth);
  closing.unshift(() => service.application.close());
  return { issuer, service };
}

describe("the issuer's keys", () => {
  it('are found through the discovery document when the first token comes, fetched once and kept', async () => {
    const { issuer, service } = await started([first]);
    expect(issuer.fetched).toEqual({ discovery: 0, jwks: 0 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(service, issuer.url, first)));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
    expect((await create(service, issuer.url, first)).status).toBe(200);
    expect(issuer.fetched).toEqual({ discovery: 1, jwks: 1 });
  });

  it('are fetched again for a key the set lacks (a rotation), but not again within the cooldown', async () => {
    const { issuer, service } = await started([first], { jwks: { cooldownMs: 0 } });
    expect((await create(service, issuer.url, first)).status).toBe(200);
    issuer.publish([first, second]);
    expect((await create(service, issuer.url, second)).status).toBe(200);
    expect(issuer.fetched.jwks).toBe(2);

    const patient = await started([first], { jwks: { cooldownMs: 60_000 } });
    expect((await create(patient.service, patient.issuer.url, first)).status).toBe(200);
    patient.issuer.publish([first, second]);
    // Within the cooldown a token naming an unknown key is refused without a fetch: made-up key ids cannot
    // make the service hammer the issuer.
    for (let i = 0; i < 3; i++) {
      expect(await create(patient.service, patient.issuer.url, second)).toEqual({
        status: 401,
        msg: "the token's signature does not verify with the issuer's keys",
      });
    }
    expect(patient.issuer.fetched.jwks).toBe(1);
  });

  it('are fetched again once older than cacheMaxAgeMs', async () => {
    const { issuer, service } = await started([first], { jwks: { cacheMaxAgeMs: 1 } });
    await expect
      .poll(async () => {
        expect((await create(service, issuer.url, first)).status).toBe(200);
        return issuer.fetched.jwks;
      })
      .toBeGreaterThanOrEqual(2);
    expect(issuer.fetched.discovery).toBe(1);
  });

  it('come from jwksUri, when it is set, without the discovery document', async () => {
    const issuer = await startIssuer([first]);
    closing.push(() => issuer.close());
    const service = await serviceOf(issuer.url, { jwksUri: `${issuer.url}/protocol/certs` });
    closing.unshift(() => service.application.close());
    expect((await create(service, issuer.url, first)).status).toBe(200);
    expect(issuer.fetched).toEqual({ discovery: 0, jwks: 1 });
  });

  it('that cannot be fetched refuse the token with 401, and the log says why', async () => {
    const gone = await startIssuer([first]);
    await gone.close();
    const lines: string[] = [];
    const service = await startTestApplication({ auth: { issuer: gone.url, publicKey: '', jwksUri: '' } }, (line) =>
      lines.push(line),
    );
    closing.push(() => service.application.close());
    expect(await create(service, gone.url, first)).toEqual({
      status: 401,
      msg: "the token cannot be checked now: the issuer's keys could not be fetched; try again later",
    });
    const warning = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.level === 40);
    expect(warning?.msg).toMatch(
      new RegExp(
        `^the issuer's keys could not be fetched: the discovery document ${gone.url}/.well-known/openid-configuration could not be read: connect ECONNREFUSED`,
      ),
    );
  });

  it('from a discovery document that names another issuer are not used', async () => {
    const { issuer, service } = await started([first], {}, 'https://impostor.test');
    expect((await create(service, issuer.url, first)).status).toBe(401);
    expect(issuer.fetched).toEqual({ discovery: 1, jwks: 0 });
  });
});
