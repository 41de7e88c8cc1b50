import { AppError } from '../errors.js';
import type { QueryParam } from '../model.js';
import { decodeLenient } from './decode-lenient.js';

export interface UrlUserinfo {
  username: string;
  password: string;
}

/** An absolute request URL split the way endpoints store it: `{{base_url}}` + path + query. */
export interface SplitUrl {
  /** `scheme://host[:port]`, lower-cased, default port dropped; or a leading `{{variable}}` as typed. */
  origin: string;
  /** Starts with `/`; as typed (not decoded), `{{var}}` kept. */
  path: string;
  /** In order, duplicates kept, as typed (not decoded), so the URL can be rebuilt byte for byte. */
  queryParams: QueryParam[];
  userinfo: UrlUserinfo | null;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

function parseUserinfo(text: string): UrlUserinfo {
  const colon = text.indexOf(':');
  return colon === -1
    ? { username: decodeLenient(text), password: '' }
    : { username: decodeLenient(text.slice(0, colon)), password: decodeLenient(text.slice(colon + 1)) };
}

/** Lower-cases scheme and host (host case never matters) and drops the scheme's default port. */
function normalizeAuthority(scheme: string, hostPort: string): string {
  const lowerScheme = scheme.toLowerCase();
  const portStart = hostPort.startsWith('[') ? hostPort.indexOf(']:') + 1 : hostPort.lastIndexOf(':');
  let host = hostPort;
  let port = '';
  if (portStart > 0 && /^\d+$/.test(hostPort.slice(portStart + 1))) {
    host = hostPort.slice(0, portStart);
    port = hostPort.slice(portStart + 1);
  }
  if (!host.includes('{{')) host = host.toLowerCase();
  const keepPort = port !== '' && DEFAULT_PORTS[lowerScheme] !== port;
  return `${lowerScheme}://${host}${keepPort ? `:${port}` : ''}`;
}

/** The params of a query as typed, in order; `name=` keeps its `=` (`equals`), so `joinQuery` writes it back. */
export function parseQuery(query: string): QueryParam[] {
  const params: QueryParam[] = [];
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    if (eq === -1) params.push({ key: piece, value: '' });
    else if (eq === piece.length - 1) params.push({ key: piece.slice(0, eq), value: '', equals: true });
    else params.push({ key: piece.slice(0, eq), value: piece.slice(eq + 1) });
  }
  return params;
}

/** The query text of `params` (without `?`), each as `parseQuery` read it: `name=value`, `name=` or `name`. */
export function joinQuery(params: readonly QueryParam[]): string {
  return params.map(({ key, value, equals }) => (value === '' && equals !== true ? key : `${key}=${value}`)).join('&');
}

/**
 * Splits an absolute URL into origin, path and ordered query params without re-encoding anything, so
 * `{{var}}` placeholders and the exact bytes of the query survive. The fragment is dropped: it is never sent.
 */
export function splitUrl(url: string): SplitUrl {
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  let origin: string;
  let rest: string;
  let userinfo: UrlUserinfo | null = null;
  const scheme = SCHEME.exec(withoutFragment);
  if (scheme?.[1] !== undefined) {
    const afterScheme = withoutFragment.slice(scheme[0].length);
    const authorityEnd = afterScheme.search(/[/?]/);
    const authority = authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd);
    rest = authorityEnd === -1 ? '' : afterScheme.slice(authorityEnd);
    const at = authority.lastIndexOf('@');
    if (at !== -1) userinfo = parseUserinfo(authority.slice(0, at));
    const hostPort = authority.slice(at + 1);
    if (hostPort === '')
      throw new AppError('VALIDATION', `URL "${url}" has no host; send a URL like https://api.example.com/path`);
    origin = normalizeAuthority(scheme[1], hostPort);
  } else if (withoutFragment.startsWith('{{') && withoutFragment.indexOf('}}') > 2) {
    const end = withoutFragment.indexOf('}}') + 2;
    origin = withoutFragment.slice(0, end);
    rest = withoutFragment.slice(end);
  } else {
    throw new AppError(
      'VALIDATION',
      `URL "${url}" has no scheme; send an absolute URL such as https://api.example.com/path or {{base_url}}/path`,
    );
  }
  const question = rest.indexOf('?');
  const path = question === -1 ? rest : rest.slice(0, question);
  const query = question === -1 ? '' : rest.slice(question + 1);
  return { origin, path: path === '' ? '/' : path, queryParams: parseQuery(query), userinfo };
}

/** The origin in the form `splitUrl` returns it, for comparing two origins typed differently. */
export function normalizeOrigin(origin: string): string {
  const trimmed = origin.replace(/\/+$/, '');
  try {
    return splitUrl(trimmed).origin;
  } catch {
    return trimmed;
  }
}

/** `origin + path + ?query`, the inverse of `splitUrl` (without userinfo and fragment). */
export function joinUrl(origin: string, path: string, queryParams: readonly QueryParam[]): string {
  const query = joinQuery(queryParams);
  return `${origin.replace(/\/+$/, '')}${path}${query === '' ? '' : `?${query}`}`;
}
