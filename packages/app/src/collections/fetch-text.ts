import { AppError } from '@client/core';

const FETCH_TIMEOUT_MS = 30_000;

/** A collection or a `$ref`'d document from an http(s) URL, at most `maxBytes`, within 30 s. */
export async function fetchText(url: string, maxBytes: number): Promise<string> {
  if (!/^https?:\/\//i.test(url)) throw new AppError('VALIDATION', `${url} is not an http or https URL`);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw new AppError('VALIDATION', `could not fetch ${url}: ${(error as Error).message}`);
  }
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
