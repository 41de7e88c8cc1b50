import type { EndpointAuth } from '@client/core';
import type { VariableScope } from '../lib/variables.js';
import { Field, TemplateField } from './auth-field.js';
import type { AuthPlace } from './auth-place.js';
import { AwsSigV4Fields } from './aws-sigv4-fields.js';
import { InheritedAuthNote } from './inherited-auth-note.js';
import { OAuth2Fields } from './oauth2-fields.js';

/** The choices of the Type select: OAuth 2.0's two grants are two choices. */
type AuthChoice = Exclude<EndpointAuth['type'], 'oauth2'> | 'oauth2' | 'oauth2Code';

const AUTH_CHOICES: readonly { choice: AuthChoice; label: string }[] = [
  { choice: 'inherit', label: 'Inherit from parent' },
  { choice: 'none', label: 'No auth' },
  { choice: 'basic', label: 'Basic' },
  { choice: 'bearer', label: 'Bearer token' },
  { choice: 'apiKey', label: 'API key' },
  { choice: 'digest', label: 'Digest' },
  { choice: 'oauth2', label: 'OAuth 2.0 (client credentials)' },
  { choice: 'oauth2Code', label: 'OAuth 2.0 (authorization code)' },
  { choice: 'awsSigV4', label: 'AWS Signature v4' },
];

function choiceOf(auth: EndpointAuth): AuthChoice {
  return auth.type === 'oauth2' && auth.grant === 'authorizationCode' ? 'oauth2Code' : auth.type;
}

function emptyAuth(choice: AuthChoice, previous: EndpointAuth): EndpointAuth {
  const oauth2 = previous.type === 'oauth2' ? previous : null;
  const common = {
    tokenUrl: oauth2?.tokenUrl ?? '',
    clientId: oauth2?.clientId ?? '',
    clientSecret: oauth2?.clientSecret ?? '',
    scope: oauth2?.scope ?? '',
  };
  switch (choice) {
    case 'none':
    case 'inherit':
      return { type: choice };
    case 'basic':
    case 'digest':
      return previous.type === 'basic' || previous.type === 'digest'
        ? { ...previous, type: choice }
        : { type: choice, username: '', password: '' };
    case 'bearer':
      return { type: choice, token: '' };
    case 'apiKey':
      return { type: choice, key: 'X-API-Key', value: '', in: 'header' };
    case 'oauth2':
      return { type: 'oauth2', ...common };
    case 'oauth2Code':
      return { type: 'oauth2', grant: 'authorizationCode', authorizationUrl: '', ...common };
    case 'awsSigV4':
      return { type: choice, accessKeyId: '', secretAccessKey: '', sessionToken: '', region: '', service: '' };
  }
}

interface AuthEditorProps {
  auth: EndpointAuth;
  scope: VariableScope;
  onChange: (auth: EndpointAuth) => void;
  /** Where the auth is set, for what it inherits and for signing in. */
  place: AuthPlace;
  /** A project's own auth is the top of the tree: it cannot inherit. */
  level?: 'request' | 'folder' | 'project';
}

export function AuthEditor({ auth, scope, onChange, place, level = 'request' }: AuthEditorProps) {
  const choices = level === 'project' ? AUTH_CHOICES.filter(({ choice }) => choice !== 'inherit') : AUTH_CHOICES;
  return (
    <div className="auth-editor">
      <label className="field field-inline">
        <span className="field-label">Type</span>
        <select
          className="select"
          aria-label="Auth type"
          value={choiceOf(auth)}
          onChange={(event) => onChange(emptyAuth(event.target.value as AuthChoice, auth))}
        >
          {choices.map(({ choice, label }) => (
            <option key={choice} value={choice}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <AuthFields auth={auth} scope={scope} onChange={onChange} place={place} level={level} />
      {auth.type !== 'inherit' && auth.type !== 'none' && (
        <p className="field-hint">
          Use <code>{'{{variables}}'}</code> for credentials and keep them as secret environment values, so they are
          encrypted and never stored in the request.
        </p>
      )}
    </div>
  );
}

function AuthFields({ auth, scope, onChange, place, level }: AuthEditorProps) {
  switch (auth.type) {
    case 'inherit':
      return <InheritedAuthNote place={place} level={level === 'folder' ? 'folder' : 'request'} />;
    case 'none':
      return (
        <p className="muted">
          No Authorization header is added{level === 'request' ? ', whatever the folder or project sets' : ''}.
        </p>
      );
    case 'basic':
    case 'digest':
      return (
        <div className="auth-grid">
          <TemplateField
            label="Username"
            value={auth.username}
            scope={scope}
            onChange={(username) => onChange({ ...auth, username })}
          />
          <TemplateField
            label="Password"
            value={auth.password}
            scope={scope}
            onChange={(password) => onChange({ ...auth, password })}
          />
        </div>
      );
    case 'bearer':
      return (
        <TemplateField
          label="Token"
          value={auth.token}
          scope={scope}
          placeholder="{{token}}"
          onChange={(token) => onChange({ type: 'bearer', token })}
        />
      );
    case 'oauth2':
      return <OAuth2Fields auth={auth} scope={scope} place={place} onChange={onChange} />;
    case 'awsSigV4':
      return <AwsSigV4Fields auth={auth} scope={scope} onChange={onChange} />;
    case 'apiKey':
      return (
        <div className="auth-grid">
          <Field label="Key">
            <input
              className="input"
              aria-label="Key"
              value={auth.key}
              onChange={(event) => onChange({ ...auth, key: event.target.value })}
            />
          </Field>
          <TemplateField
            label="Value"
            value={auth.value}
            scope={scope}
            onChange={(value) => onChange({ ...auth, value })}
          />
          <Field label="Add to">
            <select
              className="select"
              aria-label="Add to"
              value={auth.in}
              onChange={(event) => onChange({ ...auth, in: event.target.value as 'header' | 'query' })}
            >
              <option value="header">Header</option>
              <option value="query">Query params</option>
            </select>
          </Field>
        </div>
      );
  }
}
