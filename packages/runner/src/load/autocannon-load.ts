import type { ConnectionOptions } from 'node:tls';
import type { LoadOptions, LoadProgress, LoadResult } from '@client/core';
import type { OutgoingRequest } from '@client/http';
import autocannon from 'autocannon';
import { LatencyRecord } from './latency-record.js';

const PROGRESS_EVERY_MS = 500;

/** What autocannon sends for one built request: its headers as an object (names as written, each once). */
function requestOf(outgoing: OutgoingRequest) {
  const headers: Record<string, string> = {};
  for (const { key, value } of outgoing.headers) headers[key] = value;
  return {
    method: outgoing.method,
    path: `${outgoing.url.pathname}${outgoing.url.search}`,
    headers,
    ...(outgoing.body === null ? {} : { body: outgoing.body }),
  };
}

/** Whether autocannon can send these: one origin, and no header named twice (it takes headers as an object). */
export function autocannonCanSend(requests: readonly OutgoingRequest[]): boolean {
  const origins = new Set(requests.map((outgoing) => outgoing.url.origin));
  return (
    origins.size === 1 &&
    requests.every((outgoing) => {
      const names = outgoing.headers.map(({ key }) => key.toLowerCase());
      return new Set(names).size === names.length;
    })
  );
}

/**
 * A load test sent by autocannon, a load generator with sockets and an HTTP parser of its own: the built requests in
 * turn on every connection, as the undici path sends them, twice as many a second on this machine's loopback.
 */
export function autocannonLoad(
  requests: readonly OutgoingRequest[],
  tls: ConnectionOptions,
  timeoutMs: number,
  options: LoadOptions & { signal?: AbortSignal; onProgress?: (progress: LoadProgress) => void },
): Promise<LoadResult> {
  const [first] = requests;
  if (first === undefined) throw new Error('a load test needs a request');
  const latencies = new LatencyRecord();
  const statuses = new Map<number, number>();
  const errors = new Map<string, number>();
  let answered = 0;
  let failed = 0;
  let bytes = 0;
  const started = performance.now();
  const instance = autocannon({
    url: first.url.origin,
    connections: options.connections,
    duration: options.durationMs / 1000,
    timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
    requests: requests.map(requestOf),
    tlsOptions: tls,
  });
  instance.on('response', (_client: unknown, status: number, responseBytes: number, ms: number) => {
    answered++;
    bytes += responseBytes;
    latencies.record(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  instance.on('reqError', (error: Error) => {
    failed++;
    const reason = error.message || String(error);
    errors.set(reason, (errors.get(reason) ?? 0) + 1);
  });
  const stop = () => instance.stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  const progress = setInterval(() => {
    const elapsedMs = Math.round(performance.now() - started);
    options.onProgress?.({ elapsedMs, requests: answered + failed, errors: failed });
  }, PROGRESS_EVERY_MS);
  return Promise.resolve(instance)
    .then(() => {
      const elapsed = performance.now() - started;
      return {
        connections: options.connections,
        durationMs: Math.round(elapsed),
        requests: answered + failed,
        throughput: Math.round((answered / elapsed) * 1000 * 10) / 10,
        bytes,
        latency: latencies.latency(),
        statuses: [...statuses].sort((a, b) => a[0] - b[0]).map(([status, count]) => ({ status, count })),
        errors: [...errors].sort((a, b) => b[1] - a[1]).map(([message, count]) => ({ message, count })),
        histogram: latencies.buckets(),
      };
    })
    .finally(() => {
      clearInterval(progress);
      options.signal?.removeEventListener('abort', stop);
      latencies.destroy();
    });
}
