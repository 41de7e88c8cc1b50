import type { OAuth2Auth } from '@client/core';
import type { VariableScope } from '../lib/variables.js';
import { TemplateField } from './auth-field.js';
import type { AuthPlace } from './auth-place.js';
import { OAuth2SignIn } from './oauth2-sign-in.js';

type TextKey = 'authorizationUrl' | 'tokenUrl' | 'clientId' | 'clientSecret' | 'scope';

export function OAuth2Fields(props: {
  auth: OAuth2Auth;
  scope: VariableScope;
  place: AuthPlace;
  onChange: (auth: OAuth2Auth) => void;
}) {
  const { auth, scope, onChange } = props;
  const text = (key: TextKey, value: string, label: string, placeholder?: string) => (
    <TemplateField
      label={label}
      value={value}
      scope={scope}
      {...(placeholder === undefined ? {} : { placeholder })}
      onChange={(changed) => onChange({ ...auth, [key]: changed })}
    />
  );
  if (auth.grant !== 'authorizationCode') {
    return (
      <>
        <div className="auth-grid">
          {text('tokenUrl', auth.tokenUrl, 'Token URL', 'https://auth.example.com/oauth/token')}
          {text('scope', auth.scope, 'Scope', 'read write')}
          {text('clientId', auth.clientId, 'Client ID')}
          {text('clientSecret', auth.clientSecret, 'Client secret', '{{client_secret}}')}
        </div>
        <p className="field-hint">
          The app asks the token URL for an access token with these credentials when it first sends, keeps it in memory
          until shortly before it expires, and sends it as <code>Authorization: Bearer</code>.
        </p>
      </>
    );
  }
  return (
    <>
      <div className="auth-grid">
        {text('authorizationUrl', auth.authorizationUrl, 'Authorization URL', 'https://auth.example.com/authorize')}
        {text('tokenUrl', auth.tokenUrl, 'Token URL', 'https://auth.example.com/oauth/token')}
        {text('clientId', auth.clientId, 'Client ID')}
        {text('clientSecret', auth.clientSecret, 'Client secret', 'Empty for a public client')}
        {text('scope', auth.scope, 'Scope', 'openid profile')}
      </div>
      <p className="field-hint">
        Sign in once in your browser (PKCE, answered on a one-use <code>127.0.0.1</code> address). The tokens are kept
        encrypted, the access token is sent as <code>Authorization: Bearer</code> and refreshed before it expires.
      </p>
      <OAuth2SignIn place={props.place} auth={auth} />
    </>
  );
}
