import { MASKED_VALUE } from '../constants.js';
import type { EndpointAuth, EndpointBody, KeyValue } from '../model.js';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_NAME = /token|secret|passw(or)?d|passwd|api[-_]?key|session|credential|private[-_]?key/i;
/** A value that only names a variable (`{{token}}`, `Bearer {{token}}`) reveals nothing and stays readable. */
const VARIABLE_ONLY = /^\s*(?:(?:bearer|basic|token)\s+)?\{\{[^{}]+\}\}\s*$/i;

export function isSecretName(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase()) || SECRET_NAME.test(name);
}

/**
 * Every secret name contains one of these words, matched case-insensitively. JSON.stringify never escapes
 * their characters (ASCII letters, `-`, `_`), so a name that is secret once decoded shows the word in the JSON
 * text too. Two things could hide one: a `\u` escape (JSON.stringify writes them for control characters, and
 * a user may type them in a JSON body), and a non-ASCII character that `toLowerCase` turns into an ASCII
 * letter (the Kelvin sign becomes `k`); text holding either counts as a possible secret.
 */
const POSSIBLE_SECRET_NAME = new RegExp(
  [...SECRET_HEADERS, SECRET_NAME.source, '\\\\u', '[^\\x00-\\x7f]'].join('|'),
  'i',
);

/**
 * False when no name anywhere in `jsonText` (text JSON.stringify wrote) can be a secret's, so masking what it
 * holds would change nothing; true when one might be.
 */
export function mayNameSecret(jsonText: string): boolean {
  return POSSIBLE_SECRET_NAME.test(jsonText);
}

function maskValue(value: string): string {
  return value === '' || VARIABLE_ONLY.test(value) ? value : MASKED_VALUE;
}

export function maskKeyValues(pairs: readonly KeyValue[]): KeyValue[] {
  return pairs.map(({ key, value }) => ({ key, value: isSecretName(key) ? maskValue(value) : value }));
}

/** The value with secret-named strings and numbers masked: the value itself (same reference) when none was. */
function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(maskJson);
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, inner]) => {
    const masked =
      isSecretName(key) && (typeof inner === 'string' || typeof inner === 'number')
        ? maskValue(String(inner))
        : maskJson(inner);
    if (masked !== inner) changed = true;
    return [key, masked] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}

/** A JSON body with its secret values masked (then pretty-printed); the text itself when there are none. */
function maskJsonText(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const masked = maskJson(parsed);
  return masked === parsed ? text : JSON.stringify(masked, null, 2);
}

export function maskBody(body: EndpointBody): EndpointBody {
  switch (body.mode) {
    case 'json': {
      const text = maskJsonText(body.text);
      return text === body.text ? body : { mode: 'json', text };
    }
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
