import { errors, jwtVerify } from 'jose';
import type { Logger } from 'pino';

import { type AuthConfig, audiences } from './auth-config.js';
import { AuthError } from './auth-error.js';
import { type Principal, principalOf } from './principal.js';
import type { TokenKeys } from './token-keys.js';

/** A JWT's claims checked, or why they are not good: an `AuthError` with a message saying what to do. */
export type VerifyToken = (token: string) => Promise<Principal>;

/** The refusal for a token jose did not accept; `undefined` when the keys, not the token, are the problem. */
function tokenProblem(error: unknown, config: AuthConfig): AuthError | undefined {
  if (error instanceof errors.JWTExpired) return AuthError.invalidToken('the token has expired; get a new one');
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'nbf':
        return AuthError.invalidToken('the token is not valid yet (nbf)');
      case 'iss':
        return AuthError.invalidToken(`the token was not issued by ${config.issuer} (iss)`);
      case 'aud':
        return AuthError.invalidToken(
          `the token is not meant for this service: its aud names none of ${audiences(config).join(', ')}`,
        );
      case 'exp':
        return AuthError.invalidToken('the token has no expiry (exp); tokens that never expire are not accepted');
      default:
        return AuthError.invalidToken(`the token's ${error.claim} claim is not valid`);
    }
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return AuthError.invalidToken(
      `the token is signed with an algorithm not accepted here; use one of ${config.algorithms.join(', ')}`,
    );
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return AuthError.invalidToken("the token's signature does not verify with the issuer's keys");
  }
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return AuthError.invalidToken('the bearer token is not a JWT this service can check');
  }
  return undefined;
}

/**
 * Checks a token as the `auth` configuration says: signed with an accepted algorithm by one of `keys`, issued by
 * the issuer for this service's audience, and within its lifetime (give or take the clock tolerance); a token
 * without an expiry is refused. Keys that cannot be fetched refuse the token too (401), and are logged.
 */
export function tokenVerifier(config: AuthConfig, keys: TokenKeys, log: Logger): VerifyToken {
  const options = {
    issuer: config.issuer,
    audience: config.audience,
    algorithms: [...config.algorithms],
    clockTolerance: config.clockToleranceSeconds,
    requiredClaims: ['exp'],
  };
  return async (token) => {
    try {
      // One call per kind of key: jose types a key and a key-picking function apart.
      const { payload } =
        typeof keys === 'function' ? await jwtVerify(token, keys, options) : await jwtVerify(token, keys, options);
      return principalOf(payload, config.claims);
    } catch (error) {
      const problem = tokenProblem(error, config);
      if (problem) throw problem;
      // A single key cannot be out of reach: what jose refused is a token that does not fit it (another key type).
      if (typeof keys !== 'function')
        throw AuthError.invalidToken("the token's signature does not verify with the issuer's keys");
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error;
      log.warn(`the issuer's keys could not be fetched: ${String(cause)}`);
      throw AuthError.invalidToken(
        "the token cannot be checked now: the issuer's keys could not be fetched; try again later",
      );
    }
  };
}
