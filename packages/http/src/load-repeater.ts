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
  const options: Dispatcher.DispatchOptions = {
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: outgoing.method as Dispatcher.HttpMethod,
    headers: outgoing.headers.flatMap(({ key, value }) => [key, value]),
    body: outgoing.body,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  };
  // The dispatcher's own handler hooks, not a response stream: per answer, a load test only counts. These are the
  // hooks undici's clients call themselves; its newer ones are adapted to them on every request.
  return () =>
    new Promise((resolve) => {
      const started = performance.now();
      let status: number | null = null;
      let bytes = 0;
      dispatcher.dispatch(options, {
        onConnect() {},
        onHeaders(statusCode) {
          status = statusCode;
          return true;
        },
        onData(chunk) {
          bytes += chunk.length;
          return true;
        },
        onComplete() {
          resolve({ status, bytes, ms: performance.now() - started });
        },
        onError(error) {
          resolve({ status: null, bytes: 0, ms: performance.now() - started, error: describeNetworkFailure(error) });
        },
      });
    });
}
