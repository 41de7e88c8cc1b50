import { AppError } from '../errors.js';

/** Where a request goes through: the proxy the environment names (HTTPS_PROXY, NO_PROXY), none, or this one. */
export type ProxySetting = { mode: 'environment' } | { mode: 'none' } | { mode: 'url'; url: string; noProxy: string };

/** How a request is sent. A project sets defaults; an endpoint overrides any of them. */
export interface RequestSettings {
  /** The whole exchange, from connecting to the last byte of the body. */
  timeoutMs: number;
  followRedirects: boolean;
  maxRedirects: number;
  /** Off only on purpose: the app then accepts any certificate, and says so with every response. */
  verifyTls: boolean;
  /** A PEM file of certificate authorities trusted besides the system's. */
  caFile: string;
  /** A client certificate: a PEM certificate with its key file, or a PKCS#12 (.p12/.pfx) file alone. */
  clientCertFile: string;
  clientKeyFile: string;
  /** The key's passphrase; a `{{secret}}` variable keeps it encrypted. */
  clientCertPassphrase: string;
  proxy: ProxySetting;
  /** Speak HTTP/2 with servers that offer it (over TLS). */
  http2: boolean;
}

export type RequestSettingsOverride = Partial<RequestSettings>;

export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  timeoutMs: 60_000,
  followRedirects: true,
  maxRedirects: 10,
  verifyTls: true,
  caFile: '',
  clientCertFile: '',
  clientKeyFile: '',
  clientCertPassphrase: '',
  proxy: { mode: 'environment' },
  http2: true,
};

/** The settings a send uses: the endpoint's, else the project's, else the defaults. */
export function effectiveSettings(
  project: RequestSettingsOverride,
  endpoint: RequestSettingsOverride | undefined,
): RequestSettings {
  return { ...DEFAULT_REQUEST_SETTINGS, ...project, ...endpoint };
}

const MAX_TIMEOUT_MS = 24 * 60 * 60 * 1000;
const MAX_REDIRECTS = 50;
const MAX_TEXT = 4096;

function invalid(label: string, expected: string, value: unknown): AppError {
  return new AppError('VALIDATION', `${label} must be ${expected}, not ${JSON.stringify(value) ?? typeof value}`);
}

function readWhole(value: unknown, label: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(label, `a whole number from ${min} to ${max}`, value);
  }
  return value;
}

function readFlag(value: unknown, label: string): boolean {
  if (typeof value !== 'boolean') throw invalid(label, 'true or false', value);
  return value;
}

function readPathText(value: unknown, label: string): string {
  if (typeof value !== 'string' || value.length > MAX_TEXT) throw invalid(label, 'a text of at most 4096', value);
  return value;
}

function readProxy(value: unknown, label: string): ProxySetting {
  const proxy = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (proxy.mode === 'environment' || proxy.mode === 'none') return { mode: proxy.mode };
  if (proxy.mode !== 'url') throw invalid(`${label}.mode`, '"environment", "none" or "url"', proxy.mode);
  const url = readPathText(proxy.url, `${label}.url`);
  if (!/^(https?|socks5?):\/\/[^\s/]+/i.test(url) && !url.startsWith('{{')) {
    throw new AppError('VALIDATION', `${label}.url must be a proxy address such as http://proxy.example.com:3128`);
  }
  return { mode: 'url', url, noProxy: readPathText(proxy.noProxy ?? '', `${label}.noProxy`) };
}

const READERS: { [K in keyof RequestSettings]: (value: unknown, label: string) => RequestSettings[K] } = {
  timeoutMs: (value, label) => readWhole(value, label, 1, MAX_TIMEOUT_MS),
  followRedirects: readFlag,
  maxRedirects: (value, label) => readWhole(value, label, 0, MAX_REDIRECTS),
  verifyTls: readFlag,
  caFile: readPathText,
  clientCertFile: readPathText,
  clientKeyFile: readPathText,
  clientCertPassphrase: readPathText,
  proxy: readProxy,
  http2: readFlag,
};

/** Checks settings sent over the API or read back from the database; unknown keys are refused by name. */
export function readRequestSettings(value: unknown, label: string): RequestSettingsOverride {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(label, 'an object', value);
  const settings: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // Own keys only: `valueOf` or `__proto__` must be refused as unknown, not found on Object.prototype.
    const read = Object.hasOwn(READERS, key)
      ? (READERS as Record<string, (value: unknown, label: string) => unknown>)[key]
      : undefined;
    if (read === undefined) {
      throw new AppError('VALIDATION', `${label}.${key} is not a setting; use ${Object.keys(READERS).join(', ')}`);
    }
    settings[key] = read(field, `${label}.${key}`);
  }
  return settings as RequestSettingsOverride;
}
