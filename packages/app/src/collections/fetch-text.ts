import { AppError } from '@client/core';

const FETCH_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetchTextOptions {
  /** Called before each redirect is followed, with where it leads; throws to refuse it. Absent: any is followed. */
  checkRedirect?: (target: string) => void;
}

/** Follows at most five redirects by hand, so each target is checked before anything is sent to it. */
async function fetchFollowing(url: string, options: FetchTextOptions, signal: AbortSignal): Promise<Response> {
  let current = url;
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      response = await fetch(current, { signal, redirect: 'manual' });
    } catch (error) {
      throw new AppError('VALIDATION', `could not fetch ${current}: ${(error as Error).message}`);
    }
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel();
    if (hops === MAX_REDIRECTS) throw new AppError('VALIDATION', `${url} redirects more than ${MAX_REDIRECTS} times`);
    const target = new URL(location, current).href;
    if (!/^https?:\/\//i.test(target)) throw new AppError('VALIDATION', `${url} redirects to ${target}, not http(s)`);
    options.checkRedirect?.(target);
    current = target;
  }
}

/** A collection or a `$ref`'d document from an http(s) URL, at most `maxBytes`, within 30 s. */
export async function fetchText(url: string, maxBytes: number, options: FetchTextOptions = {}): Promise<string> {
  if (!/^https?:\/\//i.test(url)) throw new AppError('VALIDATION', `${url} is not an http or https URL`);
  const response = await fetchFollowing(url, options, AbortSignal.timeout(FETCH_TIMEOUT_MS));
  if (!response.ok) throw new AppError('VALIDATION', `fetching ${url} answered HTTP ${response.status}`);
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('PAYLOAD_TOO_LARGE', `${url} is over ${Math.round(maxBytes / 1024 / 1024)} MiB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
