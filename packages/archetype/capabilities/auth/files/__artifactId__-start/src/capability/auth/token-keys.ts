import { createPublicKey, type KeyObject } from 'node:crypto';

import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';

import type { AuthConfig } from './auth-config.js';
import { discoverJwksUri } from './oidc-discovery.js';

/** The keys a token's signature is checked with: one key, or a function that picks one from a key set. */
export type TokenKeys = KeyObject | JWTVerifyGetKey;

/** `publicKey` as JSON: one JWK, or a set of them. A private or symmetric key is refused: this is configuration. */
function keySetOf(json: string): JSONWebKeySet {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('auth.publicKey is not valid JSON; give a PEM public key, a JWK or a JWKS');
  }
  const keys = (parsed as { keys?: unknown }).keys;
  const set = (Array.isArray(keys) ? parsed : { keys: [parsed] }) as JSONWebKeySet;
  for (const key of set.keys as JWK[]) {
    if (typeof key !== 'object' || key === null || typeof key.kty !== 'string') {
      throw new Error('auth.publicKey holds something that is not a JWK (it has no kty)');
    }
    if (key.kty === 'oct' || key.d !== undefined) {
      throw new Error('auth.publicKey holds a private or symmetric key; give the public key only');
    }
  }
  return set;
}

/** `publicKey` as PEM: a public key or a certificate. A private key is refused, though its public half would do. */
function pemKey(pem: string): KeyObject {
  if (/PRIVATE KEY-----/.test(pem)) throw new Error('auth.publicKey is a private key; give the public key only');
  try {
    return createPublicKey(pem);
  } catch (error) {
    throw new Error(`auth.publicKey is not a PEM public key: ${(error as Error).message}`);
  }
}

type JwksOptions = AuthConfig['jwks'];

/**
 * The key set at `uri`, fetched when first needed and kept `cacheMaxAgeMs`. A token naming a key the set lacks
 * (the issuer rotated its keys) fetches it again, at most once per `cooldownMs`.
 */
function remoteKeys(uri: URL, jwks: JwksOptions): JWTVerifyGetKey {
  return createRemoteJWKSet(uri, {
    cacheMaxAge: jwks.cacheMaxAgeMs,
    cooldownDuration: jwks.cooldownMs,
    timeoutDuration: jwks.timeoutMs,
  });
}

/**
 * The key set the issuer's discovery document names, read when the first token comes (so the service starts
 * while the issuer is down) and once only: tokens arriving meanwhile wait for that one read, and a failed read is
 * tried again by the next token.
 */
function discoveredKeys(issuer: string, jwks: JwksOptions): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  return async (protectedHeader, token) => {
    keys ??= discoverJwksUri(issuer, jwks.timeoutMs).then(
      (uri) => remoteKeys(uri, jwks),
      (error: unknown) => {
        keys = undefined;
        throw error;
      },
    );
    return (await keys)(protectedHeader, token);
  };
}

/**
 * Where tokens' signatures are checked, as the configuration says: `publicKey` (PEM, a JWK or a JWKS as JSON),
 * else the key set at `jwksUri`, else the one the issuer's OpenID discovery document names.
 */
export function tokenKeys(config: AuthConfig): TokenKeys {
  const publicKey = config.publicKey.trim();
  if (publicKey.startsWith('{')) return createLocalJWKSet(keySetOf(publicKey));
  if (publicKey !== '') return pemKey(publicKey);
  if (config.jwksUri !== '') return remoteKeys(new URL(config.jwksUri), config.jwks);
  return discoveredKeys(config.issuer, config.jwks);
}
