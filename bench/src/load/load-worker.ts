import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './load-options.js';

/** The p-th percentile (0–100) of sorted samples, nearest-rank. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: options.origin,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.durationSeconds } : { amount: options.amount }),
    timeout: 30,
    requests: options.requests,
    ...(options.warmupSeconds > 0
      ? { warmup: { connections: options.connections, duration: options.warmupSeconds } }
      : {}),
  });
  // Only the measured run's answers reach this listener; the warm-up has its own tracker.
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    answered2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    durationSeconds: result.duration,
  };
}

// Runs in its own process (forked by `load-generator.ts`) so that generating load never competes with the
// server under test for the same event loop.
process.once('message', (options: LoadOptions) => {
  runLoad(options).then(
    (result) => process.send?.({ result }),
    (error: unknown) =>
      process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
