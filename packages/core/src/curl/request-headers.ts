import type { CurlArgs, Given } from './read-curl-args.js';
import { NO_STDIN_WARNING, type StdinInput } from './stdin-input.js';
import { shorten } from './text-position.js';

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
export const JSON_CONTENT_TYPE = 'application/json';

/** A header the request will carry; `at` is the argument index of the option it came from. */
export interface PlacedHeader {
  name: string;
  value: string;
  at: number;
}

/** The `-H` lines as typed (they decide which implied headers curl leaves out) and the headers they send. */
export interface TypedHeaders {
  lines: string[];
  sent: PlacedHeader[];
}

/**
 * Reads the `-H` values with libcurl's rules: `Name: value` sends a header; `Name:` with nothing after the
 * colon sends nothing and removes the header curl would add itself; `Name;` sends the header with an empty
 * value; a line with neither `:` nor `;` is not a header. `-H @-` reads lines from standard input; `-H @file`
 * cannot be read here.
 */
export function readTypedHeaders(given: readonly Given[], stdin: StdinInput, warnings: string[]): TypedHeaders {
  const lines: string[] = [];
  const sent: PlacedHeader[] = [];
  const add = (line: string, at: number) => {
    lines.push(line);
    const header = sendableHeader(line);
    if (header !== null) sent.push({ ...header, at });
    else if (!line.includes(':') && !line.includes(';') && line.trim() !== '') {
      warnings.push(
        `-H ${shorten(line)} does not look like a header (no colon), so curl does not send it; it was ignored.`,
      );
    }
  };
  for (const { value, at } of given) {
    if (!value.startsWith('@')) {
      add(value, at);
      continue;
    }
    const path = value.slice(1);
    const source = path === '-' ? stdin.take() : null;
    if (source?.kind === 'text') {
      for (const line of source.text.split('\n')) if (line.trim() !== '') add(line.replace(/\r$/, ''), at);
    } else if (path === '-' && source === null) warnings.push(`-H @- ${NO_STDIN_WARNING}`);
    else {
      const file = source?.kind === 'file' ? source.path : path;
      warnings.push(
        `-H @${shorten(file)} reads headers from a file, which is not imported; add them with -H 'Name: value'.`,
      );
    }
  }
  return { lines, sent };
}

/** The header a `-H` line sends, or null when it sends none (removal, malformed). */
export function sendableHeader(line: string): { name: string; value: string } | null {
  const colon = line.indexOf(':');
  if (colon === 0) return null;
  if (colon > 0) {
    const value = line.slice(colon + 1).trim();
    if (value === '') return null;
    return { name: line.slice(0, colon).trim(), value };
  }
  const semicolon = line.indexOf(';');
  if (semicolon > 0 && semicolon === line.length - 1) return { name: line.slice(0, semicolon).trim(), value: '' };
  return null;
}

/**
 * True when a typed line names this header (`Name:` or `Name;`, any case), as libcurl's Curl_checkheaders
 * decides; such a line, even one that removes the header, stops curl from adding its own.
 */
export function hasTypedHeader(lines: readonly string[], name: string): boolean {
  const lower = name.toLowerCase();
  return lines.some((line) => {
    const separator = line[name.length];
    return (separator === ':' || separator === ';') && line.slice(0, name.length).toLowerCase() === lower;
  });
}

/** The value of the last typed header with this name that is sent, or null. */
export function typedHeaderValue(sent: readonly PlacedHeader[], name: string): string | null {
  const lower = name.toLowerCase();
  for (let i = sent.length - 1; i >= 0; i--) {
    const header = sent[i] as PlacedHeader;
    if (header.name.toLowerCase() === lower) return header.value;
  }
  return null;
}

/** Headers curl adds because of an option, unless a typed `-H` line names them (libcurl's rule). */
export function impliedHeaders(
  args: CurlArgs,
  lines: readonly string[],
  json: boolean,
  postsData: boolean,
  warnings: string[],
): PlacedHeader[] {
  const implied: PlacedHeader[] = [];
  const add = (name: string, value: string, at: number) => {
    if (!hasTypedHeader(lines, name)) implied.push({ name, value, at });
  };
  if (args.userAgent !== null && args.userAgent.value !== '')
    add('User-Agent', args.userAgent.value, args.userAgent.at);
  if (args.referer !== null) {
    let referer = args.referer.value;
    if (referer.endsWith(';auto')) {
      referer = referer.slice(0, -';auto'.length);
      warnings.push('-e …;auto: curl would set the Referer itself on redirects; only the given Referer was imported.');
    }
    if (referer !== '') add('Referer', referer, args.referer.at);
  }
  const firstCookie = args.cookies[0];
  if (firstCookie !== undefined) {
    if (hasTypedHeader(lines, 'Cookie'))
      warnings.push('-b was ignored: the typed Cookie header takes its place, as in curl.');
    else add('Cookie', args.cookies.map((cookie) => cookie.value).join('; '), firstCookie.at);
  }
  for (const file of args.cookieFiles) {
    if (file !== '') {
      warnings.push(
        `-b ${shorten(file)} names a cookie file, which is not read; pass the cookies themselves, e.g. -b 'name=value'.`,
      );
    }
  }
  if (args.range !== null) {
    const range = /^[0-9]+$/.test(args.range.value) ? `${args.range.value}-` : args.range.value;
    add('Range', `bytes=${range}`, args.range.at);
  }
  const firstData = args.data[0];
  const firstJson = args.data.find((data) => data.kind === 'json');
  if (json && firstJson !== undefined) {
    add('Content-Type', JSON_CONTENT_TYPE, firstJson.at);
    add('Accept', JSON_CONTENT_TYPE, firstJson.at);
  } else if (postsData && firstData !== undefined) add('Content-Type', FORM_CONTENT_TYPE, firstData.at);
  return implied;
}
