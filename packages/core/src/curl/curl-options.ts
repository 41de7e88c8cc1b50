import { itemAt } from '../item-at.js';

/**
 * Every option of the curl command-line tool, from curl's own option table (`src/tool_getparam.c`, curl 8.x)
 * plus the few value options older curl versions had, so a command copied from an old guide still reads right.
 *
 * What matters most is `value`: an option that takes a value consumes the next argument, so a missing entry
 * would make the parser read that value as the URL, and a wrong entry would swallow the URL.
 */

/** How the parser treats an option. */
type OptionUse =
  /** Shapes the request; `read-curl-args.ts` handles it by its long name. */
  | 'request'
  /** Only changes what curl prints or writes locally: ignored without a word. */
  | 'output'
  /** Has no effect on an HTTP request the app sends (other protocols, socket tuning, redirect policy). */
  | 'inert'
  /** Changes how or where curl connects in a way the app cannot take over: ignored with a warning. */
  | IgnoredBecause;

export type IgnoredBecause =
  | 'insecure'
  | 'tls'
  | 'proxy'
  | 'routing'
  | 'timing'
  | 'config'
  | 'netrc'
  | 'variable'
  | 'removed'
  | 'own-note';

export interface CurlOption {
  /** Name without the leading `--`. */
  long: string;
  /** Single-letter alias, or null. */
  short: string | null;
  /** True when the option takes a value (the rest of a short cluster, `--opt=value`, or the next argument). */
  value: boolean;
  use: OptionUse;
}

type Row = readonly [long: string, short: string, value: 0 | 1, use: OptionUse];

const ROWS: readonly Row[] = [
  ['abstract-unix-socket', '', 1, 'routing'],
  ['alpn', '', 0, 'inert'],
  ['alt-svc', '', 1, 'inert'],
  ['anyauth', '', 0, 'request'],
  ['append', 'a', 0, 'inert'],
  ['aws-sigv4', '', 1, 'request'],
  ['basic', '', 0, 'request'],
  ['buffer', 'N', 0, 'output'],
  ['ca-native', '', 0, 'inert'],
  ['cacert', '', 1, 'tls'],
  ['capath', '', 1, 'tls'],
  ['cert', 'E', 1, 'tls'],
  ['cert-status', '', 0, 'inert'],
  ['cert-type', '', 1, 'tls'],
  ['ciphers', '', 1, 'tls'],
  ['clobber', '', 0, 'output'],
  ['compressed', '', 0, 'inert'],
  ['compressed-ssh', '', 0, 'inert'],
  ['config', 'K', 1, 'config'],
  ['connect-timeout', '', 1, 'timing'],
  ['connect-to', '', 1, 'routing'],
  ['continue-at', 'C', 1, 'own-note'],
  ['cookie', 'b', 1, 'request'],
  ['cookie-jar', 'c', 1, 'output'],
  ['create-dirs', '', 0, 'output'],
  ['create-file-mode', '', 1, 'output'],
  ['crlf', '', 0, 'own-note'],
  ['crlfile', '', 1, 'tls'],
  ['curves', '', 1, 'tls'],
  ['data', 'd', 1, 'request'],
  ['data-ascii', '', 1, 'request'],
  ['data-binary', '', 1, 'request'],
  ['data-raw', '', 1, 'request'],
  ['data-urlencode', '', 1, 'request'],
  ['delegation', '', 1, 'inert'],
  ['digest', '', 0, 'request'],
  ['disable', 'q', 0, 'inert'],
  ['disable-eprt', '', 0, 'inert'],
  ['disable-epsv', '', 0, 'inert'],
  ['disallow-username-in-url', '', 0, 'inert'],
  ['dns-interface', '', 1, 'routing'],
  ['dns-ipv4-addr', '', 1, 'routing'],
  ['dns-ipv6-addr', '', 1, 'routing'],
  ['dns-servers', '', 1, 'routing'],
  ['doh-cert-status', '', 0, 'inert'],
  ['doh-insecure', '', 0, 'inert'],
  ['doh-url', '', 1, 'routing'],
  ['dump-ca-embed', '', 0, 'request'],
  ['dump-header', 'D', 1, 'output'],
  ['ech', '', 1, 'tls'],
  ['egd-file', '', 1, 'inert'],
  ['engine', '', 1, 'tls'],
  ['eprt', '', 0, 'inert'],
  ['epsv', '', 0, 'inert'],
  ['etag-compare', '', 1, 'own-note'],
  ['etag-save', '', 1, 'output'],
  ['expect100-timeout', '', 1, 'timing'],
  ['fail', 'f', 0, 'output'],
  ['fail-early', '', 0, 'output'],
  ['fail-with-body', '', 0, 'output'],
  ['false-start', '', 0, 'inert'],
  ['follow', '', 0, 'inert'],
  ['form', 'F', 1, 'request'],
  ['form-escape', '', 0, 'inert'],
  ['form-string', '', 1, 'request'],
  ['ftp-account', '', 1, 'inert'],
  ['ftp-alternative-to-user', '', 1, 'inert'],
  ['ftp-create-dirs', '', 0, 'inert'],
  ['ftp-method', '', 1, 'inert'],
  ['ftp-pasv', '', 0, 'inert'],
  ['ftp-port', 'P', 1, 'inert'],
  ['ftp-pret', '', 0, 'inert'],
  ['ftp-skip-pasv-ip', '', 0, 'inert'],
  ['ftp-ssl', '', 0, 'inert'],
  ['ftp-ssl-ccc', '', 0, 'inert'],
  ['ftp-ssl-ccc-mode', '', 1, 'inert'],
  ['ftp-ssl-control', '', 0, 'inert'],
  ['ftp-ssl-reqd', '', 0, 'inert'],
  ['get', 'G', 0, 'request'],
  ['globoff', 'g', 0, 'request'],
  ['happy-eyeballs-timeout-ms', '', 1, 'timing'],
  ['haproxy-clientip', '', 1, 'own-note'],
  ['haproxy-protocol', '', 0, 'own-note'],
  ['head', 'I', 0, 'request'],
  ['header', 'H', 1, 'request'],
  ['help', 'h', 0, 'request'],
  ['hostpubmd5', '', 1, 'inert'],
  ['hostpubsha256', '', 1, 'inert'],
  ['hsts', '', 1, 'inert'],
  ['http0.9', '', 0, 'inert'],
  ['http1.0', '0', 0, 'inert'],
  ['http1.1', '', 0, 'inert'],
  ['http2', '', 0, 'inert'],
  ['http2-prior-knowledge', '', 0, 'inert'],
  ['http3', '', 0, 'inert'],
  ['http3-only', '', 0, 'inert'],
  ['ignore-content-length', '', 0, 'inert'],
  ['include', '', 0, 'output'],
  ['insecure', 'k', 0, 'insecure'],
  ['interface', '', 1, 'routing'],
  ['ip-tos', '', 1, 'inert'],
  ['ipfs-gateway', '', 1, 'inert'],
  ['ipv4', '4', 0, 'inert'],
  ['ipv6', '6', 0, 'inert'],
  ['json', '', 1, 'request'],
  ['junk-session-cookies', 'j', 0, 'inert'],
  ['keepalive', '', 0, 'inert'],
  ['keepalive-cnt', '', 1, 'inert'],
  ['keepalive-time', '', 1, 'inert'],
  ['key', '', 1, 'tls'],
  ['key-type', '', 1, 'tls'],
  ['knownhosts', '', 1, 'inert'],
  ['krb', '', 1, 'inert'],
  ['krb4', '', 1, 'inert'],
  ['libcurl', '', 1, 'output'],
  ['limit-rate', '', 1, 'timing'],
  ['list-only', 'l', 0, 'inert'],
  ['local-port', '', 1, 'routing'],
  ['location', 'L', 0, 'inert'],
  ['location-trusted', '', 0, 'inert'],
  ['login-options', '', 1, 'inert'],
  ['mail-auth', '', 1, 'inert'],
  ['mail-from', '', 1, 'inert'],
  ['mail-rcpt', '', 1, 'inert'],
  ['mail-rcpt-allowfails', '', 0, 'inert'],
  ['manual', 'M', 0, 'request'],
  ['max-filesize', '', 1, 'inert'],
  ['max-redirs', '', 1, 'inert'],
  ['max-time', 'm', 1, 'timing'],
  ['metalink', '', 0, 'inert'],
  ['mptcp', '', 0, 'inert'],
  ['negotiate', '', 0, 'request'],
  ['netrc', 'n', 0, 'netrc'],
  ['netrc-file', '', 1, 'netrc'],
  ['netrc-optional', '', 0, 'netrc'],
  ['next', ':', 0, 'request'],
  ['noproxy', '', 1, 'proxy'],
  ['npn', '', 0, 'inert'],
  ['ntlm', '', 0, 'request'],
  ['ntlm-wb', '', 0, 'request'],
  ['oauth2-bearer', '', 1, 'request'],
  ['out-null', '', 0, 'output'],
  ['output', 'o', 1, 'output'],
  ['output-dir', '', 1, 'output'],
  ['parallel', 'Z', 0, 'output'],
  ['parallel-immediate', '', 0, 'output'],
  ['parallel-max', '', 1, 'output'],
  ['parallel-max-host', '', 1, 'output'],
  ['pass', '', 1, 'tls'],
  ['path-as-is', '', 0, 'inert'],
  ['pinnedpubkey', '', 1, 'tls'],
  ['post301', '', 0, 'inert'],
  ['post302', '', 0, 'inert'],
  ['post303', '', 0, 'inert'],
  ['preproxy', '', 1, 'proxy'],
  ['progress-bar', '#', 0, 'output'],
  ['progress-meter', '', 0, 'output'],
  ['proto', '', 1, 'inert'],
  ['proto-default', '', 1, 'inert'],
  ['proto-redir', '', 1, 'inert'],
  ['proxy', 'x', 1, 'proxy'],
  ['proxy-anyauth', '', 0, 'proxy'],
  ['proxy-basic', '', 0, 'proxy'],
  ['proxy-ca-native', '', 0, 'proxy'],
  ['proxy-cacert', '', 1, 'proxy'],
  ['proxy-capath', '', 1, 'proxy'],
  ['proxy-cert', '', 1, 'proxy'],
  ['proxy-cert-type', '', 1, 'proxy'],
  ['proxy-ciphers', '', 1, 'proxy'],
  ['proxy-crlfile', '', 1, 'proxy'],
  ['proxy-digest', '', 0, 'proxy'],
  ['proxy-header', '', 1, 'proxy'],
  ['proxy-http2', '', 0, 'proxy'],
  ['proxy-insecure', '', 0, 'proxy'],
  ['proxy-key', '', 1, 'proxy'],
  ['proxy-key-type', '', 1, 'proxy'],
  ['proxy-negotiate', '', 0, 'proxy'],
  ['proxy-ntlm', '', 0, 'proxy'],
  ['proxy-pass', '', 1, 'proxy'],
  ['proxy-pinnedpubkey', '', 1, 'proxy'],
  ['proxy-service-name', '', 1, 'proxy'],
  ['proxy-ssl-allow-beast', '', 0, 'proxy'],
  ['proxy-ssl-auto-client-cert', '', 0, 'proxy'],
  ['proxy-tls13-ciphers', '', 1, 'proxy'],
  ['proxy-tlsauthtype', '', 1, 'proxy'],
  ['proxy-tlspassword', '', 1, 'proxy'],
  ['proxy-tlsuser', '', 1, 'proxy'],
  ['proxy-tlsv1', '', 0, 'proxy'],
  ['proxy-user', 'U', 1, 'proxy'],
  ['proxy1.0', '', 1, 'proxy'],
  ['proxytunnel', 'p', 0, 'proxy'],
  ['pubkey', '', 1, 'inert'],
  ['quote', 'Q', 1, 'inert'],
  ['random-file', '', 1, 'inert'],
  ['range', 'r', 1, 'request'],
  ['rate', '', 1, 'timing'],
  ['raw', '', 0, 'inert'],
  ['referer', 'e', 1, 'request'],
  ['remote-header-name', 'J', 0, 'output'],
  ['remote-name', 'O', 0, 'output'],
  ['remote-name-all', '', 0, 'output'],
  ['remote-time', 'R', 0, 'output'],
  ['remove-on-error', '', 0, 'output'],
  ['request', 'X', 1, 'request'],
  ['request-target', '', 1, 'own-note'],
  ['resolve', '', 1, 'routing'],
  ['retry', '', 1, 'timing'],
  ['retry-all-errors', '', 0, 'timing'],
  ['retry-connrefused', '', 0, 'timing'],
  ['retry-delay', '', 1, 'timing'],
  ['retry-max-time', '', 1, 'timing'],
  ['sasl-authzid', '', 1, 'inert'],
  ['sasl-ir', '', 0, 'inert'],
  ['service-name', '', 1, 'inert'],
  ['sessionid', '', 0, 'inert'],
  ['show-error', 'S', 0, 'output'],
  ['show-headers', 'i', 0, 'output'],
  ['sigalgs', '', 1, 'tls'],
  ['silent', 's', 0, 'output'],
  ['skip-existing', '', 0, 'output'],
  ['socks4', '', 1, 'proxy'],
  ['socks4a', '', 1, 'proxy'],
  ['socks5', '', 1, 'proxy'],
  ['socks5-basic', '', 0, 'proxy'],
  ['socks5-gssapi', '', 0, 'proxy'],
  ['socks5-gssapi-nec', '', 0, 'proxy'],
  ['socks5-gssapi-service', '', 1, 'proxy'],
  ['socks5-hostname', '', 1, 'proxy'],
  ['speed-limit', 'Y', 1, 'timing'],
  ['speed-time', 'y', 1, 'timing'],
  ['ssl', '', 0, 'inert'],
  ['ssl-allow-beast', '', 0, 'inert'],
  ['ssl-auto-client-cert', '', 0, 'inert'],
  ['ssl-no-revoke', '', 0, 'inert'],
  ['ssl-reqd', '', 0, 'inert'],
  ['ssl-revoke-best-effort', '', 0, 'inert'],
  ['ssl-sessions', '', 1, 'tls'],
  ['sslv2', '2', 0, 'inert'],
  ['sslv3', '3', 0, 'inert'],
  ['stderr', '', 1, 'output'],
  ['styled-output', '', 0, 'output'],
  ['suppress-connect-headers', '', 0, 'inert'],
  ['tcp-fastopen', '', 0, 'inert'],
  ['tcp-nodelay', '', 0, 'inert'],
  ['telnet-option', 't', 1, 'inert'],
  ['test-duphandle', '', 0, 'inert'],
  ['test-event', '', 0, 'inert'],
  ['tftp-blksize', '', 1, 'inert'],
  ['tftp-no-options', '', 0, 'inert'],
  ['time-cond', 'z', 1, 'own-note'],
  ['tls-earlydata', '', 0, 'inert'],
  ['tls-max', '', 1, 'tls'],
  ['tls13-ciphers', '', 1, 'tls'],
  ['tlsauthtype', '', 1, 'tls'],
  ['tlspassword', '', 1, 'tls'],
  ['tlsuser', '', 1, 'tls'],
  ['tlsv1', '1', 0, 'inert'],
  ['tlsv1.0', '', 0, 'inert'],
  ['tlsv1.1', '', 0, 'inert'],
  ['tlsv1.2', '', 0, 'inert'],
  ['tlsv1.3', '', 0, 'inert'],
  ['tr-encoding', '', 0, 'own-note'],
  ['trace', '', 1, 'output'],
  ['trace-ascii', '', 1, 'output'],
  ['trace-config', '', 1, 'output'],
  ['trace-ids', '', 0, 'output'],
  ['trace-time', '', 0, 'output'],
  ['unix-socket', '', 1, 'routing'],
  ['upload-file', 'T', 1, 'request'],
  ['upload-flags', '', 1, 'inert'],
  ['url', '', 1, 'request'],
  ['url-query', '', 1, 'request'],
  ['use-ascii', 'B', 0, 'inert'],
  ['user', 'u', 1, 'request'],
  ['user-agent', 'A', 1, 'request'],
  ['variable', '', 1, 'variable'],
  ['verbose', 'v', 0, 'output'],
  ['version', 'V', 0, 'request'],
  ['vlan-priority', '', 1, 'inert'],
  ['wdebug', '', 0, 'inert'],
  ['write-out', 'w', 1, 'output'],
  ['xattr', '', 0, 'output'],
  // Value options that older curl versions had; a command copied from an old guide may still use them.
  ['3p-quote', '', 1, 'removed'],
  ['3p-url', '', 1, 'removed'],
  ['3p-user', '', 1, 'removed'],
  ['ftpport', '', 1, 'removed'],
  ['http-request', '', 1, 'removed'],
  ['port', '', 1, 'removed'],
  ['telnet-options', '', 1, 'removed'],
];

export const CURL_OPTIONS: readonly CurlOption[] = ROWS.map(([long, short, value, use]) => ({
  long,
  short: short === '' ? null : short,
  value: value === 1,
  use,
}));

const byLong = new Map(CURL_OPTIONS.map((option) => [option.long, option]));
const byShort = new Map(CURL_OPTIONS.filter((o) => o.short !== null).map((option) => [option.short, option]));
const sortedLongNames = [...byLong.keys()].sort();

/** The option with this long name (without `--`), or undefined. */
export function findLongOption(name: string): CurlOption | undefined {
  return byLong.get(name);
}

/** The option with this single letter, or undefined. */
export function findShortOption(letter: string): CurlOption | undefined {
  return byShort.get(letter);
}

/**
 * The one option whose long name starts with `prefix`, as curl 7 resolved abbreviated options (`--insec`);
 * undefined when none or several match. Binary search keeps it logarithmic in the table size.
 */
export function findOptionByPrefix(prefix: string): CurlOption | undefined {
  if (prefix === '') return undefined;
  let low = 0;
  let high = sortedLongNames.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (itemAt(sortedLongNames, middle) < prefix) low = middle + 1;
    else high = middle;
  }
  const first = sortedLongNames[low];
  const second = sortedLongNames[low + 1];
  if (first === undefined || !first.startsWith(prefix)) return undefined;
  if (second?.startsWith(prefix)) return undefined;
  return byLong.get(first);
}

/** How an option is written in messages: `-H (--header)` or `--json`. */
export function displayOption(option: CurlOption): string {
  return option.short === null ? `--${option.long}` : `-${option.short} (--${option.long})`;
}
