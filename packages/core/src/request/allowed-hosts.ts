import { AppError } from '../errors.js';

/**
 * The hosts a secret variable may be sent to. An entry is a host name or an IP literal, optionally with a port
 * (`api.example.com`, `api.example.com:8443`, `[::1]:4000`), or `*.` and a domain for every subdomain of it (not
 * the domain itself). Entries are kept normalized (lower case, IDN in punycode, no trailing dot, IPv6 compressed),
 * the form a `URL` gives a destination's host, so matching compares like with like. Without a port an entry allows
 * every port of its host.
 */

const WILDCARD = '*.';
const PORT = /^[0-9]{1,5}$/;
const IPV4 = /^[0-9.]+$/;

function invalidHost(entry: string, why: string): AppError {
  return new AppError(
    'VALIDATION',
    `"${entry}" is not an allowed host (${why}); write a host such as api.example.com, api.example.com:8443 or *.example.com`,
  );
}

/** Splits `host[:port]`, where an IPv6 literal is written in brackets. */
function splitPort(entry: string, text: string): { host: string; port: string | null } {
  const close = text.startsWith('[') ? text.indexOf(']') : -1;
  const colon = text.lastIndexOf(':');
  if (colon < 0 || colon < close) return { host: text, port: null };
  if (close < 0 && text.indexOf(':') !== colon) {
    throw invalidHost(entry, 'an IPv6 address goes in brackets, as [::1]');
  }
  const port = text.slice(colon + 1);
  if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw invalidHost(entry, 'the port must be a number from 1 to 65535');
  }
  return { host: text.slice(0, colon), port: String(Number(port)) };
}

/** A host name as a URL holds it: lower case, punycode, IPv4 and IPv6 in their canonical form, no trailing dot. */
function canonicalHostname(entry: string, host: string): string {
  if (host === '' || /[\s/\\?#@%]/.test(host)) throw invalidHost(entry, 'it is not a host name');
  let hostname: string;
  try {
    hostname = new URL(`http://${host}/`).hostname;
  } catch {
    throw invalidHost(entry, 'it is not a host name');
  }
  const bare = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (bare === '') throw invalidHost(entry, 'it is not a host name');
  return bare;
}

/** The entry in its kept form; throws VALIDATION with an example when it is not a host. */
export function normalizeAllowedHost(entry: string): string {
  const text = entry.trim();
  const wildcard = text.startsWith(WILDCARD);
  const { host, port } = splitPort(entry, wildcard ? text.slice(WILDCARD.length) : text);
  const hostname = canonicalHostname(entry, host);
  if (wildcard && (hostname.startsWith('[') || IPV4.test(hostname) || !hostname.includes('.'))) {
    throw invalidHost(entry, '*. goes before a domain with a dot, such as *.example.com');
  }
  return `${wildcard ? WILDCARD : ''}${hostname}${port === null ? '' : `:${port}`}`;
}

/** Every entry normalized, each once, in the order given; blank entries are left out. */
export function normalizeAllowedHosts(entries: readonly string[]): string[] {
  return [...new Set(entries.filter((entry) => entry.trim() !== '').map(normalizeAllowedHost))];
}

function effectivePort(url: URL): string {
  if (url.port !== '') return url.port;
  return url.protocol === 'https:' || url.protocol === 'wss:' ? '443' : '80';
}

/** Whether `url` (as it goes out: its host, not any userinfo before it) is one of the allowed hosts. */
export function isHostAllowed(url: URL, allowed: readonly string[]): boolean {
  const hostname = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  const port = effectivePort(url);
  return allowed.some((entry) => {
    const { host, port: entryPort } = splitPort(entry, entry.startsWith(WILDCARD) ? entry.slice(2) : entry);
    if (entryPort !== null && entryPort !== port) return false;
    return entry.startsWith(WILDCARD) ? hostname.endsWith(`.${host}`) : hostname === host;
  });
}

/** `url`'s host as an allowed-hosts entry would write it, for messages. */
export function destinationHost(url: URL): string {
  const hostname = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
  return url.port === '' ? hostname : `${hostname}:${url.port}`;
}

/**
 * The hosts a new secret may go to before the person says otherwise: those of the project's base URLs. A value
 * that is not a plain http(s) URL (one made of other variables, say) gives none.
 */
export function defaultAllowedHosts(baseUrls: readonly string[]): string[] {
  const hosts: string[] = [];
  for (const baseUrl of baseUrls) {
    if (baseUrl.includes('{{')) continue;
    try {
      const url = new URL(baseUrl.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') hosts.push(normalizeAllowedHost(destinationHost(url)));
    } catch {
      // Not a URL, or a host no entry can name: it allows nothing.
    }
  }
  return [...new Set(hosts)];
}
