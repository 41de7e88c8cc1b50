import type { OAuth2Auth } from '../model.js';

/**
 * The OAuth 2.0 grant an Insomnia or Bruno auth block describes, both of which name its fields `grantType`,
 * `authorizationUrl`, `accessTokenUrl`, `clientId`, `clientSecret` and `scope`; undefined for a grant the app
 * cannot run itself (implicit, password) or an authorization code block without its two URLs.
 */
export function oauth2OfGrantFields(get: (key: string) => string): OAuth2Auth | undefined {
  const grant = get('grantType');
  const common = {
    tokenUrl: get('accessTokenUrl'),
    clientId: get('clientId'),
    clientSecret: get('clientSecret'),
    scope: get('scope'),
  };
  if (grant === 'client_credentials') return { type: 'oauth2', ...common };
  // The app signs in with PKCE whether or not the block asked for it; servers that do not check it ignore it.
  const authorizationUrl = get('authorizationUrl');
  if (grant === 'authorization_code' && authorizationUrl !== '' && common.tokenUrl !== '') {
    return { type: 'oauth2', grant: 'authorizationCode', authorizationUrl, ...common };
  }
  return undefined;
}
