import type { Assertion } from '../assertions/assertion.js';
import { MASKED_VALUE } from '../constants.js';
import type { EndpointAuth, EndpointBody, KeyValue } from '../model.js';
import {
  isSecretName,
  looksLikeSecretValue,
  SECRET_NAME_WORDS,
  SECRET_NAMES,
  SECRET_VALUE_PREFIXES,
  TOKEN_RUN,
} from './secret-rules.js';

export { isSecretName } from './secret-rules.js';

/** A value that only names a variable (`{{token}}`, `Bearer {{token}}`) reveals nothing and stays readable. */
const VARIABLE_ONLY = /^\s*(?:(?:bearer|basic|token)\s+)?\{\{[^{}]+\}\}\s*$/i;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every secret name is one of `SECRET_NAMES` or contains one of `SECRET_NAME_WORDS`, and every secret-looking
 * value starts `eyJ`, with a known prefix, or is a long run of token characters; JSON never escapes those
 * characters, so they show in the JSON text too. Two things could hide a name: a `\u` escape, and a non-ASCII
 * character that `toLowerCase` turns into an ASCII letter (the Kelvin sign becomes `k`); text holding either
 * counts as possibly secret.
 */
const POSSIBLE_SECRET = new RegExp(
  [
    ...SECRET_NAMES.map((name) => `"${escapeRegExp(name)}"`),
    ...SECRET_NAME_WORDS.map((word) => escapeRegExp(word).replace(/[-_]/g, '[-_]?')),
    ...SECRET_VALUE_PREFIXES.map(escapeRegExp),
    'eyJ',
    '[A-Za-z0-9+/=_.~-]{32,}',
    '\\\\u',
    '[^\\x00-\\x7f]',
  ].join('|'),
  'i',
);

/**
 * False when nothing in `jsonText` can be a secret's name or value, so masking what it holds would change
 * nothing; true when something might be.
 */
function mayNameSecret(jsonText: string): boolean {
  return POSSIBLE_SECRET.test(jsonText);
}

function maskValue(value: string): string {
  return value === '' || VARIABLE_ONLY.test(value) ? value : MASKED_VALUE;
}

const isSecretPair = (name: string, value: string): boolean => isSecretName(name) || looksLikeSecretValue(value);

/**
 * Secret-named pairs masked, by name only: what the app keeps of a request it sent and of its answer (History).
 * A value's looks alone must not hide it there (request ids, hashes): the person reopens and reads it.
 */
export function maskSecretNamedPairs(pairs: readonly KeyValue[]): KeyValue[] {
  return pairs.map(({ key, value }) => ({ key, value: isSecretName(key) ? maskValue(value) : value }));
}

/** A pair's value as an agent is shown it: masked when its name or its looks say it is a secret. */
export function maskedPairValue(key: string, value: string): string {
  return isSecretPair(key, value) ? maskValue(value) : value;
}

/** What an agent is shown: secret-named pairs and secret-looking values masked. */
export function maskKeyValues(pairs: readonly KeyValue[]): KeyValue[] {
  return pairs.map((pair) => ({ ...pair, value: maskedPairValue(pair.key, pair.value) }));
}

/**
 * Assertion rows as an agent is shown them: a value compared with a secret-named header or JSON property
 * (`header Authorization eq Bearer …`, `jsonpath $.token eq …`), or one that looks like a credential, masked.
 */
export function maskAssertions(rows: readonly Assertion[]): Assertion[] {
  return rows.map((row) => {
    const value = maskedPairValue(row.property, row.value);
    return value === row.value ? row : { ...row, value };
  });
}

/** What separates `name=value` pairs in a form-like text (`a=1&password=x`, `password=x; path=/`). */
const PAIR_SEPARATOR = /([&;,\s"'<>]+)/;
/**
 * `<password>x</password>`, with or without a namespace prefix or attributes. Names are bounded, so a long run
 * of name characters after a `<` costs a bounded amount of backtracking, not the square of its length.
 */
const XML_ELEMENT = /<((?:[\w.-]{1,64}:)?([\w.-]{1,64}))(\s[^<>]{0,1024})?>([^<]*)<\/\1\s*>/g;

/** Secret-named `name=value` pairs masked; split rather than matched, so the work stays linear in the text. */
function maskTextPairs(text: string): string {
  return text
    .split(PAIR_SEPARATOR)
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals <= 0 || equals === part.length - 1) return part;
      const name = part.slice(0, equals);
      return isSecretName(name) ? `${name}=${maskValue(part.slice(equals + 1))}` : part;
    })
    .join('');
}

/** A text body with credentials masked: secret-named form pairs and XML elements, and secret-looking tokens. */
export function maskText(text: string): string {
  const elements = text.replace(
    XML_ELEMENT,
    (whole, tag: string, local: string, attributes: string | undefined, content: string) =>
      isSecretName(local) && content.trim() !== ''
        ? `<${tag}${attributes ?? ''}>${maskValue(content)}</${tag}>`
        : whole,
  );
  return maskTextPairs(elements).replace(TOKEN_RUN, (run) => (looksLikeSecretValue(run) ? MASKED_VALUE : run));
}

/** `https://user:password@host` with the password masked, and a token used as the user name too. */
export function maskUrlUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i, (whole, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
    const shownUser = looksLikeSecretValue(decodeURIComponentSafe(user)) ? MASKED_VALUE : user;
    if (colon === -1) return shownUser === user ? whole : `${scheme}${shownUser}@`;
    return `${scheme}${shownUser}:${MASKED_VALUE}@`;
  });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The value with secret-named strings and numbers masked: the value itself (same reference) when none was. */
function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(maskJson);
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value === 'string') return looksLikeSecretValue(value) ? MASKED_VALUE : value;
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
  if (!mayNameSecret(text)) return text;
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
    case 'text': {
      const text = maskText(body.text);
      return text === body.text ? body : { mode: 'text', text };
    }
    case 'graphql': {
      const variables = maskJsonText(body.variables);
      return variables === body.variables ? body : { ...body, variables };
    }
    case 'urlencoded':
      return { mode: 'urlencoded', fields: maskKeyValues(body.fields) };
    case 'multipart':
      return {
        mode: 'multipart',
        parts: body.parts.map((part) =>
          part.value !== undefined && isSecretPair(part.name, part.value)
            ? { ...part, value: maskValue(part.value) }
            : { ...part },
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
    case 'oauth2':
      return { ...auth, clientSecret: maskValue(auth.clientSecret) };
    case 'awsSigV4':
      return { ...auth, secretAccessKey: maskValue(auth.secretAccessKey), sessionToken: maskValue(auth.sessionToken) };
    case 'none':
    case 'inherit':
      return auth;
  }
}
