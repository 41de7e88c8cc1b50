import type { EndpointAuth } from '@client/core';
import type { ReactNode } from 'react';
import type { VariableScope } from '../lib/variables.js';
import { TemplateInput } from './template-input.js';

type AuthType = EndpointAuth['type'];

const AUTH_TYPES: readonly { type: AuthType; label: string }[] = [
  { type: 'none', label: 'No auth' },
  { type: 'basic', label: 'Basic' },
  { type: 'bearer', label: 'Bearer token' },
  { type: 'apiKey', label: 'API key' },
  { type: 'digest', label: 'Digest' },
  { type: 'oauth2', label: 'OAuth 2.0 (client credentials)' },
];

function emptyAuth(type: AuthType, previous: EndpointAuth): EndpointAuth {
  switch (type) {
    case 'none':
      return { type };
    case 'basic':
    case 'digest':
      return previous.type === 'basic' || previous.type === 'digest'
        ? { ...previous, type }
        : { type, username: '', password: '' };
    case 'bearer':
      return { type, token: '' };
    case 'apiKey':
      return { type, key: 'X-API-Key', value: '', in: 'header' };
    case 'oauth2':
      return { type, tokenUrl: '', clientId: '', clientSecret: '', scope: '' };
  }
}

interface AuthEditorProps {
  auth: EndpointAuth;
  scope: VariableScope;
  onChange: (auth: EndpointAuth) => void;
}

export function AuthEditor({ auth, scope, onChange }: AuthEditorProps) {
  return (
    <div className="auth-editor">
      <label className="field field-inline">
        <span className="field-label">Type</span>
        <select
          className="select"
          aria-label="Auth type"
          value={auth.type}
          onChange={(event) => onChange(emptyAuth(event.target.value as AuthType, auth))}
        >
          {AUTH_TYPES.map(({ type, label }) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <AuthFields auth={auth} scope={scope} onChange={onChange} />
      <p className="field-hint">
        Use <code>{'{{variables}}'}</code> for credentials and keep them as secret environment values, so they are
        encrypted and never stored in the request.
      </p>
    </div>
  );
}

function AuthFields({ auth, scope, onChange }: AuthEditorProps) {
  switch (auth.type) {
    case 'none':
      return <p className="muted">No Authorization header is added.</p>;
    case 'basic':
    case 'digest':
      return (
        <div className="auth-grid">
          <Field label="Username">
            <TemplateInput
              label="Username"
              value={auth.username}
              scope={scope}
              onChange={(username) => onChange({ ...auth, username })}
            />
          </Field>
          <Field label="Password">
            <TemplateInput
              label="Password"
              value={auth.password}
              scope={scope}
              onChange={(password) => onChange({ ...auth, password })}
            />
          </Field>
        </div>
      );
    case 'bearer':
      return (
        <Field label="Token">
          <TemplateInput
            label="Token"
            value={auth.token}
            scope={scope}
            placeholder="{{token}}"
            onChange={(token) => onChange({ type: 'bearer', token })}
          />
        </Field>
      );
    case 'oauth2':
      return <OAuth2Fields auth={auth} scope={scope} onChange={onChange} />;
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
          <Field label="Value">
            <TemplateInput
              label="Value"
              value={auth.value}
              scope={scope}
              onChange={(value) => onChange({ ...auth, value })}
            />
          </Field>
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

function OAuth2Fields({
  auth,
  scope,
  onChange,
}: {
  auth: Extract<EndpointAuth, { type: 'oauth2' }>;
  scope: VariableScope;
  onChange: (auth: EndpointAuth) => void;
}) {
  const text = (key: 'tokenUrl' | 'clientId' | 'clientSecret' | 'scope', label: string, placeholder?: string) => (
    <Field label={label}>
      <TemplateInput
        label={label}
        value={auth[key]}
        scope={scope}
        {...(placeholder === undefined ? {} : { placeholder })}
        onChange={(value) => onChange({ ...auth, [key]: value })}
      />
    </Field>
  );
  return (
    <>
      <div className="auth-grid">
        {text('tokenUrl', 'Token URL', 'https://auth.example.com/oauth/token')}
        {text('scope', 'Scope', 'read write')}
        {text('clientId', 'Client ID')}
        {text('clientSecret', 'Client secret', '{{client_secret}}')}
      </div>
      <p className="field-hint">
        The app asks the token URL for an access token with these credentials when it first sends, keeps it in memory
        until shortly before it expires, and sends it as <code>Authorization: Bearer</code>.
      </p>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      {children}
    </div>
  );
}
