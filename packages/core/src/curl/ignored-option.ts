import { type CurlOption, displayOption, type IgnoredBecause } from './curl-options.js';

/** Options whose warning needs its own sentence: each adds something to the request that is not imported. */
const OWN_NOTES: Readonly<Record<string, string>> = {
  'continue-at': 'it asks for part of the resource; add a Range header with -H if you need it.',
  crlf: 'the body is sent with its line endings unchanged.',
  'etag-compare': 'it reads an ETag from a file; add an If-None-Match header with -H if you need it.',
  'haproxy-clientip': 'the PROXY protocol header is not sent.',
  'haproxy-protocol': 'the PROXY protocol header is not sent.',
  'request-target': 'the request target comes from the URL.',
  'time-cond': 'add an If-Modified-Since or If-Unmodified-Since header with -H if you need it.',
  'tr-encoding': 'the app does not ask for a compressed transfer encoding (TE header).',
};

const REASONS: Readonly<Record<Exclude<IgnoredBecause, 'own-note'>, string>> = {
  insecure:
    'the app verifies TLS certificates; if this server uses a self-signed certificate, turn verification off in ' +
    'the app.',
  tls: 'TLS certificates, keys and cipher settings are not imported; the app uses its own TLS settings.',
  proxy: 'proxy settings are not imported; the request goes straight to the server.',
  routing: 'DNS, interface and connection overrides are not imported; the request goes to the host the URL names.',
  timing: "timeouts, retries and rate limits are not imported; the app's own limits apply.",
  config: 'options in a config file are not read; put them in the command itself.',
  netrc: 'credentials from a .netrc file are not read; pass them with -u user:password.',
  variable: 'curl variables are not expanded; write the values into the command (or use {{variables}}).',
  removed: 'current curl no longer has this option.',
};

/** The warning for an option that was read but not imported. Never quotes the option's value: it may be secret. */
export function ignoredOptionWarning(option: CurlOption, because: IgnoredBecause): string {
  const reason = because === 'own-note' ? (OWN_NOTES[option.long] ?? 'it is not imported.') : REASONS[because];
  return `${displayOption(option)} was ignored: ${reason}`;
}
