import { AsyncLocalStorage } from 'node:async_hooks';
import type { SendTiming } from '@client/core';

/**
 * Collects where the time of one send goes; `finish` turns it into a `SendTiming`. Connection phases add up
 * over every connection made; the wait runs to the first byte of the answer shown (redirects included).
 */
export class TimingRecorder {
  private readonly started = performance.now();
  private dns = 0;
  private connect = 0;
  private tls = 0;
  private headersAt: number | null = null;

  addConnection(phases: { dnsMs: number; connectMs: number; tlsMs: number }): void {
    this.dns += phases.dnsMs;
    this.connect += phases.connectMs;
    this.tls += phases.tlsMs;
  }

  headersArrived(): void {
    this.headersAt = performance.now();
  }

  finish(): SendTiming {
    const end = performance.now();
    const headersAt = this.headersAt ?? end;
    const round = (ms: number) => Math.round(Math.max(0, ms) * 10) / 10;
    const connection = this.dns + this.connect + this.tls;
    return {
      dnsMs: round(this.dns),
      connectMs: round(this.connect),
      tlsMs: round(this.tls),
      waitMs: round(headersAt - this.started - connection),
      downloadMs: round(end - headersAt),
      totalMs: round(end - this.started),
    };
  }
}

/** The recorder of the send whose request is being dispatched: where a new connection's phases are added. */
export const connectionTiming = new AsyncLocalStorage<TimingRecorder>();
