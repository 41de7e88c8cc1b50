import type { StreamEvent, StreamUpdate } from '@client/core';

/** How long a body without a length must keep arriving before its chunks are shown as they come. */
const SLOW_BODY_MS = 250;
/** How much of such a body is shown as it comes; the rest is shown when it has all arrived. */
const LIVE_BYTES = 256 * 1024;

/**
 * Tells the window the chunks of a text body sent without a length (chunked), once it has been arriving for a
 * while: a slow answer (a log, a long computation's progress) then shows what came so far, while a quick one is
 * shown only whole, as any answer is, without a flash of chunks first.
 */
export class ChunkRelay {
  private readonly decoder = new TextDecoder('utf-8');
  private held: StreamEvent[] = [];
  /** Whether the window is shown the chunks: from then on, Stop ends the body instead of cancelling the send. */
  live = false;
  private index = 0;
  private bytes = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly head: Extract<StreamUpdate, { type: 'head' }>,
    private readonly tell: (update: StreamUpdate) => void,
    /** When the request was sent (performance.now()): the clock of each chunk's `ms`. */
    private readonly started: number,
  ) {
    this.timer = setTimeout(() => this.goLive(), SLOW_BODY_MS);
  }

  push(chunk: Uint8Array): void {
    if (this.bytes >= LIVE_BYTES) return;
    this.bytes += chunk.length;
    const data = this.decoder.decode(chunk, { stream: true });
    if (data !== '') this.held.push({ data, ms: Math.round(performance.now() - this.started) });
    if (this.live) this.flush();
  }

  /** The body ended (or reading stopped): nothing more is told. */
  end(): void {
    clearTimeout(this.timer);
  }

  private goLive(): void {
    this.live = true;
    this.tell(this.head);
    this.flush();
  }

  private flush(): void {
    if (this.held.length === 0) return;
    const events = this.held;
    this.held = [];
    this.tell({ type: 'events', index: this.index, events, raw: events.map((event) => event.data).join('') });
    this.index += events.length;
  }
}
