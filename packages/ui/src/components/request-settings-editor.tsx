import type { ProxySetting, RequestSettings, RequestSettingsOverride } from '@client/core';
import type { ReactNode } from 'react';
import type { VariableScope } from '../lib/variables.js';
import { TemplateInput } from './template-input.js';

interface RequestSettingsEditorProps {
  settings: RequestSettingsOverride;
  /** What applies where `settings` says nothing: the project's defaults, or the app's. */
  inherited: RequestSettings;
  /** Names what `inherited` comes from, for the "Use …" choice: "project", "app". */
  inheritedFrom: string;
  onChange: (settings: RequestSettingsOverride) => void;
  /** The variables the file paths, the passphrase and the proxy may use. */
  scope: VariableScope;
}

type SettingKey = keyof RequestSettings;

function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      {children}
      {hint !== undefined && <span className="field-hint">{hint}</span>}
    </div>
  );
}

function onOff(value: boolean): string {
  return value ? 'on' : 'off';
}

function proxyText(proxy: ProxySetting): string {
  if (proxy.mode === 'environment') return 'from the environment';
  return proxy.mode === 'none' ? 'none' : proxy.url;
}

/**
 * How a request is sent: each setting is the endpoint's own, or left to its project (or, for a project, to the
 * app), shown as the "Use …" choice with the value that applies.
 */
export function RequestSettingsEditor(props: RequestSettingsEditorProps) {
  const { settings, inherited, inheritedFrom, onChange, scope } = props;
  const set = <K extends SettingKey>(key: K, value: RequestSettings[K] | undefined) => {
    const next: RequestSettingsOverride = { ...settings };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const inherit = (text: string) => `Use ${inheritedFrom} (${text})`;
  const flag = (key: 'followRedirects' | 'verifyTls' | 'http2', label: string, hint?: ReactNode) => (
    <Field label={label} hint={hint}>
      <select
        className="select"
        aria-label={label}
        value={settings[key] === undefined ? 'inherit' : onOff(settings[key])}
        onChange={(event) => set(key, event.target.value === 'inherit' ? undefined : event.target.value === 'on')}
      >
        <option value="inherit">{inherit(onOff(inherited[key]))}</option>
        <option value="on">On</option>
        <option value="off">Off</option>
      </select>
    </Field>
  );
  const whole = (key: 'timeoutMs' | 'maxRedirects', label: string) => (
    <Field label={label}>
      <input
        className="input"
        aria-label={label}
        inputMode="numeric"
        placeholder={inherit(String(inherited[key]))}
        value={settings[key] ?? ''}
        onChange={(event) => {
          const text = event.target.value.trim();
          set(key, text === '' || !/^\d+$/.test(text) ? undefined : Number(text));
        }}
      />
    </Field>
  );
  const path = (key: 'caFile' | 'clientCertFile' | 'clientKeyFile' | 'clientCertPassphrase', label: string) => (
    <Field label={label}>
      <TemplateInput
        label={label}
        scope={scope}
        placeholder={
          inherited[key] === '' ? (key === 'clientCertPassphrase' ? '{{secret}}' : '/full/path') : inherited[key]
        }
        value={settings[key] ?? ''}
        onChange={(value) => set(key, value === '' ? undefined : value)}
      />
    </Field>
  );
  const proxy = settings.proxy;
  const verifyOff = (settings.verifyTls ?? inherited.verifyTls) === false;

  return (
    <div className="settings-editor">
      <div className="auth-grid">
        {whole('timeoutMs', 'Timeout (ms)')}
        {flag('followRedirects', 'Follow redirects')}
        {whole('maxRedirects', 'Most redirects')}
        {flag('http2', 'HTTP/2', 'Used when the server offers it over TLS.')}
      </div>
      <h3 className="settings-heading">TLS</h3>
      <div className="auth-grid">
        {flag(
          'verifyTls',
          'Verify certificates',
          verifyOff ? (
            <span className="settings-warning">
              Any certificate is accepted: anyone on the way can read and change the traffic.
            </span>
          ) : undefined,
        )}
        {path('caFile', 'CA file (PEM)')}
        {path('clientCertFile', 'Client certificate (PEM or .p12)')}
        {path('clientKeyFile', 'Client key (PEM)')}
        {path('clientCertPassphrase', 'Key passphrase')}
      </div>
      <h3 className="settings-heading">Proxy</h3>
      <div className="auth-grid">
        <Field label="Proxy">
          <select
            className="select"
            aria-label="Proxy"
            value={proxy === undefined ? 'inherit' : proxy.mode}
            onChange={(event) => {
              const mode = event.target.value;
              if (mode === 'inherit') set('proxy', undefined);
              else if (mode === 'url') set('proxy', { mode: 'url', url: '', noProxy: '' });
              else set('proxy', { mode: mode as 'environment' | 'none' });
            }}
          >
            <option value="inherit">{inherit(proxyText(inherited.proxy))}</option>
            <option value="environment">From the environment (HTTPS_PROXY, NO_PROXY)</option>
            <option value="none">None</option>
            <option value="url">This proxy</option>
          </select>
        </Field>
        {proxy?.mode === 'url' && (
          <>
            <Field label="Proxy URL">
              <TemplateInput
                label="Proxy URL"
                scope={scope}
                placeholder="http://proxy.example.com:3128"
                value={proxy.url}
                onChange={(url) => set('proxy', { ...proxy, url })}
              />
            </Field>
            <Field label="No proxy for">
              <TemplateInput
                label="No proxy for"
                scope={scope}
                placeholder="localhost, .internal.example.com"
                value={proxy.noProxy}
                onChange={(noProxy) => set('proxy', { ...proxy, noProxy })}
              />
            </Field>
          </>
        )}
      </div>
      <p className="field-hint">
        Paths are read by the app on this computer; use full paths. Keep a passphrase in a secret environment variable
        and write <code>{'{{name}}'}</code> here.
      </p>
    </div>
  );
}
