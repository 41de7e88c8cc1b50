/*
 * The load mode: a collection's requests sent over N connections for a duration, as a load-testing tool does. What
 * the runner reports, the window draws and `client run --load` prints.
 */

export interface LoadOptions {
  /** How many connections send at once, each waiting for its answer before it sends again. */
  connections: number;
  durationMs: number;
}

/** Latencies in milliseconds. */
export interface LoadLatency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** One bar of the latency histogram: how many answers took from `fromMs` up to `toMs`. */
export interface LoadBucket {
  fromMs: number;
  toMs: number;
  count: number;
}

export interface LoadResult {
  connections: number;
  /** How long the load ran, from the first send to the last answer. */
  durationMs: number;
  /** Every send: answered or failed. */
  requests: number;
  /** Answers per second. */
  throughput: number;
  /** Response body bytes received. */
  bytes: number;
  latency: LoadLatency;
  /** How many answers came with each status, lowest status first. */
  statuses: { status: number; count: number }[];
  /** Sends that got no answer, by reason. */
  errors: { message: string; count: number }[];
  histogram: LoadBucket[];
}

/** Where a load test is, about every half second while it runs. */
export interface LoadProgress {
  elapsedMs: number;
  requests: number;
  errors: number;
}
