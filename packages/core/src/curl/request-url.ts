import { AppError } from '../errors.js';
import { shorten } from './text-position.js';
import { escapeLikeCurl, percentDecode } from './url-encoding.js';

export interface RequestUrl {
  /** Absolute (unless it starts with a `{{variable}}`), as typed otherwise, without userinfo. */
  url: string;
  /** Userinfo the URL carried, percent-decoded. */
  credentials: { username: string; password: string } | null;
  /** Set when a URL without a scheme to a host other than this machine was given `http://`. */
  warning?: string;
}

/**
 * Makes the typed URL absolute without reformatting it: the text is kept as typed (a WHATWG `URL` round trip
 * would percent-encode `{{variable}}` braces and normalise the path), userinfo is taken out, and a missing
 * scheme becomes `http://`, as in curl (with a warning for a host other than this machine, which may well
 * expect https). A URL that starts with a `{{variable}}` gets no scheme: the variable holds it.
 */
export function resolveRequestUrl(typed: string): RequestUrl {
  const text = typed.trim();
  if (text === '') {
    throw new AppError(
      'VALIDATION',
      'the URL is empty; give the address to call, e.g. curl https://api.example.com/items',
    );
  }
  if (text.startsWith('{{')) return { url: text, credentials: null };
  const schemeLength = schemePrefixLength(text);
  const scheme = schemeLength > 0 ? text.slice(0, schemeLength) : null;
  let rest = schemeLength > 0 ? text.slice(schemeLength) : text.startsWith('//') ? text.slice(2) : text;
  const authorityEnd = firstIndexOf(rest, '/?#');
  const authority = rest.slice(0, authorityEnd);
  const at = authority.lastIndexOf('@');
  let credentials: RequestUrl['credentials'] = null;
  if (at >= 0) {
    const userinfo = authority.slice(0, at);
    const colon = userinfo.indexOf(':');
    credentials = {
      username: percentDecode(colon < 0 ? userinfo : userinfo.slice(0, colon)),
      password: colon < 0 ? '' : percentDecode(userinfo.slice(colon + 1)),
    };
    rest = rest.slice(at + 1);
  }
  const url = `${scheme ?? 'http://'}${rest}`;
  const host = hostOf(rest.slice(0, firstIndexOf(rest, '/?#')));
  if (scheme !== null || isLoopbackHost(host)) return { url, credentials };
  const warning = `${shorten(host, 60)} was given without a scheme; curl sends it over http://, and so was it imported (write https:// if the server expects it).`;
  return { url, credentials, warning };
}

/**
 * Appends a query part as curl's CURLU_APPENDQUERY does: after `?` when the URL has no query yet, else after
 * `&`; before any `#fragment`.
 */
export function appendQuery(url: string, query: string): string {
  if (query === '') return url;
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${query}${fragment}`;
}

/**
 * `-T file` to a URL that ends in `/` (or has no path) uploads to that directory under the file's name, so
 * curl appends the name, escaped.
 */
export function appendUploadName(url: string, file: string): string {
  if (file === '-' || file === '.') return url;
  const afterScheme = url.indexOf('://');
  const pathStart = afterScheme < 0 ? 0 : afterScheme + 3;
  const lastSlash = url.lastIndexOf('/');
  const name = escapeLikeCurl(file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1));
  if (lastSlash < pathStart) return `${url}/${name}`;
  return lastSlash === url.length - 1 ? `${url}${name}` : url;
}

/** True for the hosts a developer means as "this machine": localhost, 127.x.x.x, [::1], 0.0.0.0. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '[::1]' || host === '0.0.0.0') return true;
  const octets = host.split('.');
  return (
    octets.length === 4 &&
    octets[0] === '127' &&
    octets.every((octet) => /^[0-9]{1,3}$/.test(octet) && Number(octet) <= 255)
  );
}

/** Length of `scheme://` at the start of the text, or 0. */
function schemePrefixLength(text: string): number {
  const first = text.charCodeAt(0);
  if (!isLetter(first)) return 0;
  let i = 1;
  while (i < text.length && isSchemeChar(text.charCodeAt(i))) i++;
  return text.startsWith('://', i) ? i + 3 : 0;
}

function hostOf(hostAndPort: string): string {
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']');
    return (close < 0 ? hostAndPort : hostAndPort.slice(0, close + 1)).toLowerCase();
  }
  const colon = hostAndPort.indexOf(':');
  return (colon < 0 ? hostAndPort : hostAndPort.slice(0, colon)).toLowerCase();
}

function firstIndexOf(text: string, characters: string): number {
  for (let i = 0; i < text.length; i++) if (characters.includes(text.charAt(i))) return i;
  return text.length;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSchemeChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46;
}
