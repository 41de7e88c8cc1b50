import { formEncode } from '../curl/url-encoding.js';
import { BASE_URL_VARIABLE, type EndpointDraft } from '../model.js';
import { sendsAsWritten } from '../url/endpoint-url.js';
import { encodeQueryText } from '../url/query-encoding.js';
import { joinUrl } from '../url/split-url.js';
import { queryParamsToSend } from './request-shape.js';
import { placeholder, placeholderPattern, resolveTemplate, tokenizeTemplate, type VariableLookup } from './template.js';

/**
 * Text as the app puts it in a query key or value: each variable's value percent-encoded where it lands, as the
 * sender's scope does, so a value holding `&` or a space stays one value.
 */
function resolveInQuery(text: string, lookup: VariableLookup): string {
  return resolveTemplate(text, (name) => {
    const value = lookup(name);
    return value === undefined ? undefined : encodeQueryText(resolveTemplate(value, lookup));
  });
}

/** Lowercase letters survive every part of a URL as they are, the host included. */
const MARK = 'zqplaceholderzq';

/**
 * The URL as the app puts it on the wire: what the WHATWG parser makes of it (spaces and non-ASCII
 * percent-encoded, the fragment dropped). A `{{name}}` left for the reader to fill in stays as typed. Text that
 * is no URL (a base_url still unset) is returned unchanged.
 */
export function sentUrl(text: string): string {
  const kept: string[] = [];
  const marked = text.replace(placeholderPattern(), (typed) => `${MARK}${kept.push(typed) - 1}${MARK}`);
  let url: URL;
  try {
    url = new URL(marked);
  } catch {
    return text;
  }
  url.hash = '';
  return url.href.replace(
    new RegExp(`${MARK}(\\d+)${MARK}`, 'g'),
    (_: string, index: string) => kept[Number(index)] ?? '',
  );
}

/**
 * Where the app sends a request (its switched-off rows already left out): its own URL, or base_url (trailing
 * slashes dropped) and its path, with the query it sends; a param keeps the `=` it was written with.
 */
export function requestUrl(request: Pick<EndpointDraft, 'path' | 'queryParams' | 'auth'>, lookup: VariableLookup) {
  // A whole URL, or a path whose leading variable holds one, goes out with no base_url before it.
  const base = sendsAsWritten(request.path, lookup) ? '' : resolveTemplate(placeholder(BASE_URL_VARIABLE), lookup);
  const query = queryParamsToSend(request).map(({ key, value, equals }) => ({
    key: resolveInQuery(key, lookup),
    value: resolveInQuery(value, lookup),
    ...(equals === true || value !== '' ? { equals: true as const } : {}),
  }));
  return sentUrl(joinUrl(base, resolveTemplate(request.path, lookup), query));
}

/** Form-encodes text as the app's URLSearchParams does (a space as `+`), keeping `{{name}}` placeholders readable. */
function formEncodeText(text: string): string {
  return tokenizeTemplate(text)
    .map((token) => (token.kind === 'variable' ? token.text : formEncode(token.text)))
    .join('');
}

/** One urlencoded field as the app writes it into the body: `key=value`, both resolved and form-encoded. */
export function formField(key: string, value: string, lookup: VariableLookup): string {
  return `${formEncodeText(resolveTemplate(key, lookup))}=${formEncodeText(resolveTemplate(value, lookup))}`;
}

/** A Basic credential as the app sends it: the UTF-8 bytes of `username:password`, base64-encoded. */
export function basicCredential(username: string, password: string): string {
  return `Basic ${base64(new TextEncoder().encode(`${username}:${password}`))}`;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (core has no Buffer or btoa). */
function base64(bytes: Uint8Array): string {
  let out = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[index], bytes[index + 1], bytes[index + 2]];
    const triple = (a << 16) | (b << 8) | c;
    const left = bytes.length - index;
    out += BASE64[(triple >> 18) & 63];
    out += BASE64[(triple >> 12) & 63];
    out += left > 1 ? BASE64[(triple >> 6) & 63] : '=';
    out += left > 2 ? BASE64[triple & 63] : '=';
  }
  return out;
}

/** Methods whose request the app's HTTP client frames with `Content-Length: 0` when it has no body. */
const EXPECTS_BODY = new Set(['POST', 'PUT', 'PATCH', 'QUERY', 'PROPFIND', 'PROPPATCH']);

/** Whether the app sends `Content-Length: 0` for a request of this method without a body. */
export function sendsEmptyLength(method: string): boolean {
  return EXPECTS_BODY.has(method.toUpperCase());
}
