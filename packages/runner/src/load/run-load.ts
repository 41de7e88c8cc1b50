import { AppError, type LoadOptions, type LoadProgress, type LoadResult } from '@client/core';
import type { LoadShot } from '@client/http';
import { LatencyRecord } from './latency-record.js';

/** Most connections one load test opens: beyond it a local client measures itself rather than the server. */
export const MAX_LOAD_CONNECTIONS = 1000;
/** Longest load test: ten minutes. */
export const MAX_LOAD_DURATION_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 500;

export function checkLoadOptions(options: LoadOptions): LoadOptions {
  const { connections, durationMs } = options;
  if (!Number.isSafeInteger(connections) || connections < 1 || connections > MAX_LOAD_CONNECTIONS) {
    throw new AppError('VALIDATION', `connections must be a whole number from 1 to ${MAX_LOAD_CONNECTIONS}`);
  }
  if (!Number.isFinite(durationMs) || durationMs < 100 || durationMs > MAX_LOAD_DURATION_MS) {
    throw new AppError('VALIDATION', 'the duration must be from 100 ms to 10 minutes (for example 30s)');
  }
  return options;
}

/** Counts of a key, kept in a map and listed by count, most first. */
function counted<K>(counts: Map<K, number>): [K, number][] {
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/**
 * Sends `shots` (each a request ready to go, in the collection's order) over `connections` connections until the
 * duration ends: each connection sends the next request of the order as soon as its answer is read, as a
 * load-testing tool does. What it reports is answers per second, latency percentiles and bars, statuses and errors.
 */
export async function runLoad(
  shots: readonly (() => Promise<LoadShot>)[],
  options: LoadOptions & { signal?: AbortSignal; onProgress?: (progress: LoadProgress) => void },
): Promise<LoadResult> {
  const { connections, durationMs } = checkLoadOptions(options);
  if (shots.length === 0) throw new AppError('VALIDATION', 'there is no request to send; pick a folder that has some');
  const latencies = new LatencyRecord();
  const statuses = new Map<number, number>();
  const errors = new Map<string, number>();
  let requests = 0;
  let failed = 0;
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const going = () => performance.now() < deadline && options.signal?.aborted !== true;
  const progress = setInterval(() => {
    options.onProgress?.({ elapsedMs: Math.round(performance.now() - started), requests, errors: failed });
  }, PROGRESS_EVERY_MS);
  const connection = async () => {
    while (going()) {
      const shot = shots[next++ % shots.length];
      if (shot === undefined) return;
      const answer = await shot();
      requests++;
      if (answer.status === null) {
        failed++;
        const reason = answer.error ?? 'no answer';
        errors.set(reason, (errors.get(reason) ?? 0) + 1);
        continue;
      }
      bytes += answer.bytes;
      latencies.record(answer.ms);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, connection));
  } finally {
    clearInterval(progress);
  }
  const elapsed = performance.now() - started;
  const answered = requests - failed;
  const result: LoadResult = {
    connections,
    durationMs: Math.round(elapsed),
    requests,
    throughput: Math.round((answered / elapsed) * 1000 * 10) / 10,
    bytes,
    latency: latencies.latency(),
    statuses: [...statuses].sort((a, b) => a[0] - b[0]).map(([status, count]) => ({ status, count })),
    errors: counted(errors).map(([message, count]) => ({ message, count })),
    histogram: latencies.buckets(),
  };
  latencies.destroy();
  return result;
}
