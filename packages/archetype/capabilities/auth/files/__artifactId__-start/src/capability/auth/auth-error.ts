import { ResultCode } from '@__groupId__/__artifactId__-api';

/**
 * Why a request was refused, as RFC 6750 names it: no bearer token at all (no error code), a token that is not
 * valid (`invalid_token`, 401) or one without what the route needs (`insufficient_scope`, 403).
 */
export type AuthErrorCode = 'missing_token' | 'invalid_token' | 'insufficient_scope';

/** What a header's quoted string may hold here: printable ASCII but `"` and `\`. */
function quotable(text: string): string {
  return text.replaceAll(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '');
}

/**
 * A refused request. The global error handler answers it in the unified shape with its status and message;
 * `challenge` is its `WWW-Authenticate` header.
 */
export class AuthError extends Error {
  override readonly name = 'AuthError';
  readonly statusCode: ResultCode;

  private constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** The scopes the route needs, named in the challenge of an `insufficient_scope` refusal. */
    private readonly scopes: readonly string[] = [],
  ) {
    super(message);
    this.statusCode = code === 'insufficient_scope' ? ResultCode.FORBIDDEN : ResultCode.UNAUTHORIZED;
  }

  static missingToken(message: string): AuthError {
    return new AuthError('missing_token', message);
  }

  static invalidToken(message: string): AuthError {
    return new AuthError('invalid_token', message);
  }

  static insufficientScope(message: string, scopes: readonly string[]): AuthError {
    return new AuthError('insufficient_scope', message, scopes);
  }

  /** The `WWW-Authenticate` header of the answer, e.g. `Bearer realm="shop", error="invalid_token", …`. */
  challenge(realm: string): string {
    const parameters = [`realm="${quotable(realm)}"`];
    if (this.code !== 'missing_token') {
      parameters.push(`error="${this.code}"`, `error_description="${quotable(this.message)}"`);
    }
    if (this.scopes.length > 0) parameters.push(`scope="${this.scopes.join(' ')}"`);
    return `Bearer ${parameters.join(', ')}`;
  }
}
