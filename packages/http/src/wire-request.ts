import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { CookieView, KeyValue } from '@client/core';
import type { Dispatcher } from 'undici';
import { digestAuthorization, parseDigestChallenge } from './digest-auth.js';
import type { OutgoingRequest } from './outgoing-request.js';
import type { TimingRecorder } from './send-timing.js';
import { loadUndici } from './undici.js';

/** A response as the server sent it: every header in order, the body decoded when it was compressed. */
export interface WireResponse {
  status: number;
  statusText: string;
  headers: KeyValue[];
  /** Where the answer came from: the request's URL, or the last redirect's. */
  url: URL;
  redirected: boolean;
  /** Why a redirect was not followed (a secret it would have carried elsewhere), or null. */
  barredRedirect: string | null;
  body: AsyncIterable<Uint8Array>;
  /** Cookies the answers set on the way (redirects included), as the jar kept them. */
  cookies: CookieView[];
}

function headerPairs(raw: Record<string, string | string[] | undefined>): KeyValue[] {
  return Object.entries(raw).flatMap(([key, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one) => ({ key, value: one })),
  );
}

function headerValue(headers: readonly KeyValue[], name: string): string | null {
  return headers.find((header) => header.key.toLowerCase() === name)?.value ?? null;
}

/** What a compressed answer reads as; an encoding we cannot undo is passed through as it came. */
function decoded(body: Readable, encoding: string | null): AsyncIterable<Uint8Array> {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return body.pipe(createGunzip());
    case 'deflate':
      return body.pipe(createInflate());
    case 'br':
      return body.pipe(createBrotliDecompress());
    default:
      return body;
  }
}

/** The request's own headers, and only them, as the wire gets them (names as written). */
function flatHeaders(headers: readonly KeyValue[]): string[] {
  return headers.flatMap(({ key, value }) => [key, value]);
}

interface Hop {
  url: URL;
  method: string;
  headers: KeyValue[];
  body: string | Buffer | null;
}

/** The project's cookie jar as a send uses it. */
interface WireCookies {
  headerFor(url: URL): string;
  remember(url: URL, setCookies: readonly string[]): CookieView[];
}

/** How one send goes: through which dispatcher, whether and how far redirects are followed, timed where. */
export interface WireOptions {
  dispatcher: Dispatcher;
  signal: AbortSignal;
  followRedirects: boolean;
  maxRedirects: number;
  timing: TimingRecorder;
  /** The jar, or null when the request sets its own Cookie header (then the jar neither sends nor learns). */
  cookies: WireCookies | null;
  /** Why a redirect to `url` must not be followed (it would carry a secret there), or null to follow it. */
  barHop?: (url: URL) => string | null;
}

function setCookies(answer: Dispatcher.ResponseData): string[] {
  const value = answer.headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** Sends one hop with the jar's cookies for its URL, and keeps what the answer sets. */
async function sendHop(hop: Hop, options: WireOptions, learned: CookieView[]) {
  const jarCookie = options.cookies?.headerFor(hop.url) ?? '';
  const headers = jarCookie === '' ? hop.headers : [...hop.headers, { key: 'Cookie', value: jarCookie }];
  // Loaded with the dispatcher this request goes through (dispatcher.ts), so this is already done.
  const { request } = await loadUndici();
  const answer = await request(hop.url, {
    method: hop.method as 'GET',
    headers: flatHeaders(headers),
    body: hop.body,
    signal: options.signal,
    dispatcher: options.dispatcher,
  });
  if (options.cookies !== null) learned.push(...options.cookies.remember(hop.url, setCookies(answer)));
  return answer;
}

/** The next hop of a redirect as curl -L and browsers make it: 303 (and 301/302 of a POST) become a GET. */
function redirectHop(hop: Hop, status: number, location: URL): Hop {
  const toGet = status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST';
  // Credentials were meant for the first origin only.
  const crossOrigin = location.origin !== hop.url.origin;
  const dropped = new Set([
    ...(toGet ? ['content-type', 'content-length'] : []),
    ...(crossOrigin ? ['authorization', 'cookie', 'proxy-authorization'] : []),
  ]);
  return {
    url: location,
    method: toGet ? 'GET' : hop.method,
    headers: hop.headers.filter((header) => !dropped.has(header.key.toLowerCase())),
    body: toGet ? null : hop.body,
  };
}

/**
 * Sends the request exactly as built (no header the request does not name besides what HTTP/1.1 needs: Host,
 * Content-Length, Connection), answers a Digest challenge once, and follows redirects.
 */
export async function sendOnWire(outgoing: OutgoingRequest, options: WireOptions): Promise<WireResponse> {
  let hop: Hop = { url: outgoing.url, method: outgoing.method, headers: outgoing.headers, body: outgoing.body };
  const learned: CookieView[] = [];
  let answer = await sendHop(hop, options, learned);
  if (outgoing.digest !== null && answer.statusCode === 401) {
    const challenge = parseDigestChallenge(headerValue(headerPairs(answer.headers), 'www-authenticate'));
    if (challenge !== null) {
      await answer.body.dump();
      const authorization = digestAuthorization(challenge, {
        ...outgoing.digest,
        method: outgoing.method,
        uri: `${outgoing.url.pathname}${outgoing.url.search}`,
      });
      const others = hop.headers.filter((header) => header.key.toLowerCase() !== 'authorization');
      hop = { ...hop, headers: [...others, { key: 'Authorization', value: authorization }] };
      answer = await sendHop(hop, options, learned);
    }
  }
  const maxRedirects = options.followRedirects ? options.maxRedirects : 0;
  let barredRedirect: string | null = null;
  for (let redirects = 0; redirects < maxRedirects; redirects++) {
    const location = headerValue(headerPairs(answer.headers), 'location');
    if (![301, 302, 303, 307, 308].includes(answer.statusCode) || location === null) break;
    let next: URL;
    try {
      next = new URL(location, hop.url);
    } catch {
      break;
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') break;
    // Dropping credential headers is not enough: a secret may sit in any header or in a 307/308 body.
    barredRedirect = options.barHop?.(next) ?? null;
    if (barredRedirect !== null) break;
    await answer.body.dump();
    hop = redirectHop(hop, answer.statusCode, next);
    answer = await sendHop(hop, options, learned);
  }
  options.timing.headersArrived();
  const headers = headerPairs(answer.headers);
  return {
    status: answer.statusCode,
    statusText: answer.statusText,
    headers,
    url: hop.url,
    redirected: hop.url !== outgoing.url,
    barredRedirect,
    body: decoded(answer.body, headerValue(headers, 'content-encoding')),
    cookies: learned,
  };
}
