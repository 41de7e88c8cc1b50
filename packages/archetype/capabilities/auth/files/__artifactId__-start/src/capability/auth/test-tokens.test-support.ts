import { randomUUID } from 'node:crypto';

import { type CryptoKey, exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

/** The issuer of the tests' tokens, which the test profile trusts. */
export const TEST_ISSUER = 'https://issuer.test/';

/** A key pair the tests made: the private half signs their tokens, the public half is what the service trusts. */
export interface TestKey {
  readonly kid: string;
  readonly alg: string;
  readonly privateKey: CryptoKey;
  /** The public half as a JWK with its `kid`, `alg` and `use`: as a JWKS lists it. */
  readonly publicJwk: JWK;
  /** The public half as PEM (`-----BEGIN PUBLIC KEY-----`). */
  readonly publicPem: string;
}

/** A new key pair; ES256 unless `alg` names another. */
export async function makeTestKey(alg = 'ES256'): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicJwk, publicPem: await exportSPKI(publicKey) };
}

let shared: Promise<TestKey> | undefined;

/** The key of this test file's services, which the test profile makes them trust: made when first needed. */
export function testKey(): Promise<TestKey> {
  shared ??= makeTestKey();
  return shared;
}

export interface TestTokenOptions {
  readonly audience: string | readonly string[];
  readonly scopes?: readonly string[];
  readonly roles?: readonly string[];
  /** Where the scopes go, as `auth.claims.scopes` names it: `scope` (space-separated) by default. */
  readonly scopesClaim?: string;
  /** Where the roles go, as `auth.claims.roles` names it (a dotted path reaches into objects): `roles` by default. */
  readonly rolesClaim?: string;
  /** `TEST_ISSUER` by default. */
  readonly issuer?: string;
  /** Seconds from now to `exp`; negative for a token that has expired. An hour by default. */
  readonly expiresIn?: number;
  /** Seconds from now to `nbf`, when the token should not be valid before some time. */
  readonly notBefore?: number;
  /** `testKey()` by default. */
  readonly key?: TestKey;
  /** More claims, or other values of those above. */
  readonly claims?: JWTPayload;
}

/** Puts `value` at the dotted `path` of `claims`. */
function setClaim(claims: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() ?? path;
  let node = claims;
  for (const key of keys) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[last] = value;
}

/** A token signed as an issuer signs one, with `sub` test-user, `iat` now and the claims the options ask for. */
export async function signTestToken(options: TestTokenOptions): Promise<string> {
  const key = options.key ?? (await testKey());
  const claims: Record<string, unknown> = {};
  if (options.scopes) setClaim(claims, options.scopesClaim ?? 'scope', options.scopes.join(' '));
  if (options.roles) setClaim(claims, options.rolesClaim ?? 'roles', [...options.roles]);
  const now = Math.floor(Date.now() / 1000);
  const token = new SignJWT({ ...claims, ...options.claims })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? TEST_ISSUER)
    .setAudience(typeof options.audience === 'string' ? options.audience : [...options.audience])
    .setSubject('test-user')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600));
  if (options.notBefore !== undefined) token.setNotBefore(now + options.notBefore);
  return token.sign(key.privateKey);
}
