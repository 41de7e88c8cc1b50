import { MAX_REQUEST_BODY_BYTES } from '@client/core';

/** How much a client may send, how long it may take, and how much the control plane does at once. */
export interface ControlPlaneLimits {
  /** Larger bodies get 413. */
  maxBodyBytes: number;
  /** All request headers must have arrived within this time, else the connection is answered 408 and closed. */
  headersTimeoutMs: number;
  /** The whole request (headers and body) must have arrived within this time. */
  requestTimeoutMs: number;
  /** Requests processed at once; the rest wait their turn. Bounds memory to this many bodies. */
  maxConcurrentRequests: number;
  /** On close, in-flight requests get this long to finish before their connections are cut. */
  closeGraceMs: number;
}

export const DEFAULT_LIMITS: Readonly<ControlPlaneLimits> = {
  maxBodyBytes: MAX_REQUEST_BODY_BYTES,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConcurrentRequests: 64,
  closeGraceMs: 5_000,
};
