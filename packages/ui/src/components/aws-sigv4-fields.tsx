import type { AwsSigV4Auth } from '@client/core';
import type { VariableScope } from '../lib/variables.js';
import { TemplateField } from './auth-field.js';

type Key = Exclude<keyof AwsSigV4Auth, 'type'>;

const FIELDS: readonly { key: Key; label: string; placeholder: string }[] = [
  { key: 'accessKeyId', label: 'Access key ID', placeholder: '{{aws_access_key_id}}' },
  { key: 'secretAccessKey', label: 'Secret access key', placeholder: '{{aws_secret_access_key}}' },
  { key: 'region', label: 'Region', placeholder: 'eu-west-1' },
  { key: 'service', label: 'Service', placeholder: 'execute-api' },
  { key: 'sessionToken', label: 'Session token', placeholder: 'Only for temporary credentials' },
];

export function AwsSigV4Fields(props: {
  auth: AwsSigV4Auth;
  scope: VariableScope;
  onChange: (auth: AwsSigV4Auth) => void;
}) {
  const { auth, scope, onChange } = props;
  return (
    <>
      <div className="auth-grid">
        {FIELDS.map(({ key, label, placeholder }) => (
          <TemplateField
            key={key}
            label={label}
            value={auth[key]}
            scope={scope}
            placeholder={placeholder}
            onChange={(value) => onChange({ ...auth, [key]: value })}
          />
        ))}
      </div>
      <p className="field-hint">
        Each send is signed as it goes out: <code>X-Amz-Date</code>, the session token and the{' '}
        <code>Authorization</code> signature over the method, URL, headers and body are added.
      </p>
    </>
  );
}
