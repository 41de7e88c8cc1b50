import type { Dispatcher } from 'undici';
import { describeNetworkFailure } from './network-failure.js';
import type { OutgoingRequest } from './outgoing-request.js';

/** One send of a load test: its status (null when no answer came), the body's size, and how long it took. */
export interface LoadShot {
  status: number | null;
  bytes: number;
  ms: number;
  /** Why no answer came. */
  error?: string;
}

/**
 * Sends one built request again and again, as fast as each answer is read: the load mode's inner loop. It keeps
 * only what a load test reports (status, size, time), follows no redirect and keeps no cookie, so the measure is
 * the server's and not the bookkeeping's.
 */
export function loadRepeater(
  outgoing: OutgoingRequest,
  dispatcher: Dispatcher,
  timeoutMs: number,
): () => Promise<LoadShot> {
  const { url } = outgoing;
  const options: Dispatcher.RequestOptions = {
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: outgoing.method as Dispatcher.HttpMethod,
    headers: outgoing.headers.flatMap(({ key, value }) => [key, value]),
    body: outgoing.body,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  };
  return async () => {
    const started = performance.now();
    try {
      const answer = await dispatcher.request(options);
      let bytes = 0;
      for await (const chunk of answer.body) bytes += (chunk as Buffer).length;
      return { status: answer.statusCode, bytes, ms: performance.now() - started };
    } catch (error) {
      return { status: null, bytes: 0, ms: performance.now() - started, error: describeNetworkFailure(error) };
    }
  };
}
