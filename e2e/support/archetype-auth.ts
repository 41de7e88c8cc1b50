import { OAuth2Issuer } from 'oauth2-mock-server';

/**
 * The issuer of the tokens a generated service with auth takes in these tests: a key pair made here, whose public
 * half the service gets as `auth.publicKey` (its README's way for tokens one key signs), so no test waits on an
 * identity provider. Keys fetched from an issuer are covered by the project's own tests (its jwks.test.ts).
 */
const ISSUER_URL = 'https://issuer.e2e.test/';
let issuer: Promise<OAuth2Issuer> | undefined;

function e2eIssuer(): Promise<OAuth2Issuer> {
  issuer ??= (async () => {
    const made = new OAuth2Issuer();
    made.url = ISSUER_URL;
    await made.keys.generate('ES256');
    return made;
  })();
  return issuer;
}

/** The variables that make the service trust that issuer and its key. */
export async function authEnvironment(): Promise<Record<string, string>> {
  const keys = (await e2eIssuer()).keys.toJSON();
  return { APP_AUTH__ISSUER: ISSUER_URL, APP_AUTH__PUBLIC_KEY: JSON.stringify({ keys }) };
}

/** The `Authorization` header of a token for `audience` with these scopes and roles, valid for an hour. */
export async function bearerHeader(
  audience: string,
  scopes: readonly string[],
  roles: readonly string[] = [],
): Promise<{ authorization: string }> {
  const token = await (await e2eIssuer()).buildToken({
    scopesOrTransform: (_header, payload) => {
      payload.aud = audience;
      payload.scope = scopes.join(' ');
      payload.roles = [...roles];
    },
  });
  return { authorization: `Bearer ${token}` };
}
