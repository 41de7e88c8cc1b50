import { AuthError } from './auth-error.js';

/** `Bearer <token>`: the scheme in any case, then a b64token (RFC 6750 §2.1), the form every JWT has. */
const BEARER = /^bearer +([\w\-.~+/]+=*) *$/i;
const SCHEME = /^([^\s]+)/;

/**
 * The token of a request's `Authorization: Bearer <token>` header. No header, or credentials of another scheme,
 * is a `missing_token` refusal; a bearer header without a well-formed token an `invalid_token` one.
 */
export function bearerToken(authorization: string | undefined): string {
  const header = authorization?.trim() ?? '';
  const scheme = SCHEME.exec(header)?.[1];
  if (scheme === undefined) {
    throw AuthError.missingToken('this route needs a bearer token: send Authorization: Bearer <token>');
  }
  if (scheme.toLowerCase() !== 'bearer') {
    throw AuthError.missingToken(
      `this route needs a bearer token: send Authorization: Bearer <token>, not the ${scheme.slice(0, 20)} scheme`,
    );
  }
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) {
    throw AuthError.invalidToken('the Authorization header holds no well-formed token after Bearer');
  }
  return token;
}
