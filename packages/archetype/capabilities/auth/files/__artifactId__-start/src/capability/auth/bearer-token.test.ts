import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { AuthError } from './auth-error.js';
import { bearerToken } from './bearer-token.js';

function refusal(header: string | undefined): AuthError {
  try {
    bearerToken(header);
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error(`"${header}" was not refused`);
}

describe('bearerToken', () => {
  it('reads the token of a Bearer header, the scheme in any case', () => {
    expect(bearerToken('Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toBe(
      'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
    );
    expect(bearerToken('bearer  a-b_c.d~e+f/g==')).toBe('a-b_c.d~e+f/g==');
    expect(bearerToken('  BEARER token  ')).toBe('token');
  });

  it('refuses no header, or one of another scheme, as a missing token that says what to send', () => {
    for (const header of [undefined, '', '   ']) {
      expect(refusal(header)).toMatchObject({
        code: 'missing_token',
        statusCode: 401,
        message: 'this route needs a bearer token: send Authorization: Bearer <token>',
      });
    }
    expect(refusal('Basic YWxpY2U6c2VjcmV0')).toMatchObject({
      code: 'missing_token',
      message: 'this route needs a bearer token: send Authorization: Bearer <token>, not the Basic scheme',
    });
  });

  it('refuses a Bearer header without one well-formed token as an invalid token', () => {
    for (const header of ['Bearer', 'Bearer ', 'Bearer a b', 'Bearer "abc"', 'Bearer a=b', 'Bearer a\tb']) {
      expect(refusal(header), header).toMatchObject({
        code: 'invalid_token',
        statusCode: 401,
        message: 'the Authorization header holds no well-formed token after Bearer',
      });
    }
  });

  it('answers any header with a token it holds or an AuthError, never anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((rest) => `Bearer ${rest}`),
        ),
        (header) => {
          let token: string;
          try {
            token = bearerToken(header);
          } catch (error) {
            expect(error).toBeInstanceOf(AuthError);
            return;
          }
          expect(token).toMatch(/^[\w\-.~+/]+=*$/);
          expect(header).toContain(token);
        },
      ),
    );
  });
});

describe('AuthError.challenge', () => {
  it('names the realm only when no token came, and the error, its description and the scopes otherwise', () => {
    expect(AuthError.missingToken('send one').challenge('shop')).toBe('Bearer realm="shop"');
    expect(AuthError.invalidToken('the token has expired').challenge('shop')).toBe(
      'Bearer realm="shop", error="invalid_token", error_description="the token has expired"',
    );
    const forbidden = AuthError.insufficientScope('needs write', ['write', 'audit']);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.challenge('shop')).toBe(
      'Bearer realm="shop", error="insufficient_scope", error_description="needs write", scope="write audit"',
    );
  });

  it('is a header value whatever the message: printable ASCII, every quoted string closed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (realm, message) => {
        const challenge = AuthError.invalidToken(message).challenge(realm);
        expect(challenge).toMatch(/^Bearer realm="[^"\\]*", error="invalid_token", error_description="[^"\\]*"$/);
        expect(challenge).toMatch(/^[\x20-\x7e]*$/);
      }),
    );
  });
});
