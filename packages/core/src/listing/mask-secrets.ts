import { MASKED_VALUE } from '../constants.js';
import type { EndpointAuth, EndpointBody, KeyValue } from '../model.js';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_NAME = /token|secret|passw(or)?d|passwd|api[-_]?key|session|credential|private[-_]?key/i;
/** A value that only names a variable (`{{token}}`, `Bearer {{token}}`) reveals nothing and stays readable. */
const VARIABLE_ONLY = /^\s*(?:(?:bearer|basic|token)\s+)?\{\{[^{}]+\}\}\s*$/i;

export function isSecretName(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || SECRET_NAME.test(name);
}

function maskValue(value: string): string {
  return value === '' || VARIABLE_ONLY.test(value) ? value : MASKED_VALUE;
}

export function maskKeyValues(pairs: readonly KeyValue[]): KeyValue[] {
  return pairs.map(({ key, value }) => ({ key, value: isSecretName(key) ? maskValue(value) : value }));
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecretName(key) && (typeof inner === 'string' || typeof inner === 'number')
        ? maskValue(String(inner))
        : maskJson(inner),
    ]),
  );
}

function maskJsonText(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const masked = JSON.stringify(maskJson(parsed), null, 2);
  return masked === JSON.stringify(parsed, null, 2) ? text : masked;
}

export function maskBody(body: EndpointBody): EndpointBody {
  switch (body.mode) {
    case 'json':
      return { mode: 'json', text: maskJsonText(body.text) };
    case 'urlencoded':
      return { mode: 'urlencoded', fields: maskKeyValues(body.fields) };
    case 'multipart':
      return {
        mode: 'multipart',
        parts: body.parts.map((part) =>
          part.value !== undefined && isSecretName(part.name) ? { ...part, value: maskValue(part.value) } : { ...part },
        ),
      };
    default:
      return body;
  }
}

export function maskAuth(auth: EndpointAuth): EndpointAuth {
  switch (auth.type) {
    case 'basic':
    case 'digest':
      return { ...auth, password: maskValue(auth.password) };
    case 'bearer':
      return { type: 'bearer', token: maskValue(auth.token) };
    case 'apiKey':
      return { ...auth, value: maskValue(auth.value) };
    default:
      return auth;
  }
}
