import type { WebSocketFrame } from '@client/core';

/** What a session's timeline keeps in memory: the newest messages, up to a count and a size. */
export interface TimelineLimits {
  messages: number;
  bytes: number;
}

const DEFAULT_TIMELINE_LIMITS: TimelineLimits = { messages: 50_000, bytes: 64 * 1024 * 1024 };

/**
 * The messages of one session in order. The oldest are let go (and counted) once the limits are passed, so a
 * connection left open for hours holds bounded memory; History keeps the start of the session instead.
 */
export class WebSocketTimeline {
  private frames: WebSocketFrame[] = [];
  /** Index of the first kept frame in `frames`: dropping moves it, and the array is compacted now and then. */
  private start = 0;
  private bytes = 0;
  private nextSeq = 1;
  dropped = 0;

  constructor(private readonly limits: TimelineLimits = DEFAULT_TIMELINE_LIMITS) {}

  /** Numbers the frame (its `seq` is set here) and keeps it. */
  add(kept: WebSocketFrame): WebSocketFrame {
    kept.seq = this.nextSeq++;
    this.frames.push(kept);
    this.bytes += kept.data.length;
    while (this.frames.length - this.start > this.limits.messages || this.bytes > this.limits.bytes) {
      const first = this.frames[this.start];
      if (first === undefined) break;
      this.bytes -= first.data.length;
      this.start++;
      this.dropped++;
    }
    if (this.start > 1024 && this.start * 2 > this.frames.length) {
      this.frames = this.frames.slice(this.start);
      this.start = 0;
    }
    return kept;
  }

  /** The kept messages after `seq` (all of them for 0). */
  after(seq: number): WebSocketFrame[] {
    const kept = this.frames.length - this.start;
    const first = this.frames[this.start]?.seq ?? this.nextSeq;
    const from = Math.max(0, Math.min(kept, seq - first + 1));
    return this.frames.slice(this.start + from);
  }
}
