import type { KeyValue } from '../model.js';
import { decodeLenient } from '../url/decode-lenient.js';
import { parseQuery } from '../url/split-url.js';
import { field, listOf, textOf, textOr } from './plain-data.js';

/** HAR `{name, value}` rows with a name. */
function namedRows(list: unknown): KeyValue[] {
  return listOf(list).flatMap((row) => {
    const key = textOf(field(row, 'name'));
    return key === undefined || key === '' ? [] : [{ key, value: textOr(field(row, 'value'), '') }];
  });
}

/** A query key or value of the URL as it reads, so `a%20b` and `a+b` both read `a b`. */
const readable = (text: string): string => decodeLenient(text.replace(/\+/g, ' '));

/** A HAR row is the URL's param when it reads the same, decoded (as most browsers write it) or as typed. */
const sameText = (fromUrl: string, fromHar: string): boolean =>
  fromUrl === fromHar || readable(fromUrl) === fromHar || readable(fromUrl) === readable(fromHar);

/**
 * The request URL with the HAR's `queryString` rows it does not already carry added to its query (a fragment,
 * never sent, is dropped when a row is added). Each row the URL holds counts once, so a param repeated in the URL
 * is not added again, nor one the URL holds encoded.
 */
export function urlWithQueryString(url: string, queryString: unknown): string {
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const query = question === -1 ? '' : beforeHash.slice(question + 1);
  const present = parseQuery(query);
  const missing = namedRows(queryString).filter(({ key, value }) => {
    const at = present.findIndex((param) => sameText(param.key, key) && sameText(param.value, value));
    if (at === -1) return true;
    present.splice(at, 1);
    return false;
  });
  if (missing.length === 0) return url;
  const added = missing.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  const joiner = question === -1 ? '?' : query === '' || query.endsWith('&') ? '' : '&';
  return `${beforeHash}${joiner}${added}`;
}

const COOKIE_NAME = /^[^\s;=,]+$/;

const isCookieHeader = (header: KeyValue): boolean => header.key.toLowerCase() === 'cookie';

/**
 * The request headers with the HAR's `cookies` rows that no Cookie header already names: added to the first
 * Cookie header, or as one of their own.
 */
export function headersWithCookies(headers: KeyValue[], cookies: unknown): KeyValue[] {
  const named = new Set(
    headers
      .filter(isCookieHeader)
      .flatMap(({ value }) => value.split(';'))
      .map((pair) => pair.split('=')[0]?.trim() ?? ''),
  );
  // A name a Cookie header cannot carry as written would be added again on every import; it is left out.
  const missing = namedRows(cookies).filter(({ key }) => COOKIE_NAME.test(key) && !named.has(key));
  if (missing.length === 0) return headers;
  const added = missing.map(({ key, value }) => `${key}=${value}`).join('; ');
  const first = headers.findIndex(isCookieHeader);
  if (first === -1) return [...headers, { key: 'Cookie', value: added }];
  return headers.map((header, index) =>
    index === first ? { ...header, value: header.value.trim() === '' ? added : `${header.value}; ${added}` } : header,
  );
}
