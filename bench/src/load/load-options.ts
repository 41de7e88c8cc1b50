/** One request of the rotation; every connection sends them in order, over and over. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A keep-alive load at fixed concurrency: a warm-up whose answers are discarded, then the measured run. */
export interface LoadOptions {
  /** `http://127.0.0.1:<port>`; autocannon sends it as the Host header. */
  origin: string;
  connections: number;
  warmupSeconds: number;
  /** How long the measured run lasts; ignored when `amount` is given. */
  durationSeconds: number;
  /** Exactly this many requests in the measured run instead of a duration. */
  amount?: number;
  requests: LoadRequest[];
}

export interface LoadResult {
  /** 2xx answers per second of the measured run. */
  requestsPerSecond: number;
  /** Latencies of the 2xx answers, in milliseconds, from exact samples (not autocannon's whole-ms histogram). */
  latencyP50Ms: number;
  latencyP99Ms: number;
  answered2xx: number;
  /** Answers outside 2xx, connection errors and timeouts: a healthy run has none. */
  non2xx: number;
  errors: number;
  durationSeconds: number;
}
