import type { StreamCapture, StreamEvent, StreamKind } from '@client/core';
import { createParser, type EventSourceParser } from 'eventsource-parser';

/** Events a window keeps of one stream: enough for a long LLM answer, bounded for a stream that never ends. */
const STREAM_EVENT_CAP = 50_000;

const NDJSON_TYPES = /^application\/(x-)?(ndjson|jsonl|json-seq|x-jsonlines)\b/i;

/** The stream a content type announces, or null for a body read whole. */
export function streamKindOf(contentType: string | null): StreamKind | null {
  if (contentType === null) return null;
  if (/^text\/event-stream\b/i.test(contentType)) return 'sse';
  if (NDJSON_TYPES.test(contentType)) return 'ndjson';
  return null;
}

/** What one chunk of the body carried: the events it completed, and its text. */
export interface StreamChunk {
  /** The place of the first of `events` in the stream. */
  index: number;
  events: StreamEvent[];
  raw: string;
}

/**
 * Cuts a streamed body into events as its chunks arrive. Server-sent events are parsed by eventsource-parser, as
 * a browser's EventSource would; NDJSON is one event a non-empty line. Keeps at most `cap` events and counts the
 * rest, so a stream that never ends holds bounded memory.
 */
export class StreamCollector {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly events: StreamEvent[] = [];
  private total = 0;
  private pending: StreamEvent[] = [];
  private readonly sse: EventSourceParser | null;
  /** The NDJSON line begun but not yet ended. */
  private partialLine = '';

  constructor(
    readonly kind: StreamKind,
    /** When the request was sent: the clock each event's `ms` is read against. */
    private readonly startedAt: number,
    private readonly cap = STREAM_EVENT_CAP,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.sse =
      kind === 'sse'
        ? createParser({
            onEvent: (message) => {
              this.add({
                ...(message.id === undefined ? {} : { id: message.id }),
                ...(message.event === undefined ? {} : { event: message.event }),
                data: message.data,
              });
            },
          })
        : null;
  }

  /** Takes the next chunk of the body; returns the events it completed. */
  push(chunk: Uint8Array): StreamChunk {
    return this.take(this.decoder.decode(chunk, { stream: true }));
  }

  /** The body ended (or reading stopped): whatever it left unfinished is read as a last event. */
  end(): StreamChunk {
    const raw = this.decoder.decode();
    if (this.sse === null) return this.take(`${raw}\n`, raw);
    // Ends the last line and the last event: what arrived is shown, even an event the server did not finish.
    this.sse.feed(`${raw}\n\n`);
    return this.flush(raw);
  }

  capture(stopped?: StreamCapture['stopped']): StreamCapture {
    return {
      kind: this.kind,
      events: this.events,
      total: this.total,
      cut: this.total > this.events.length,
      ...(stopped === undefined ? {} : { stopped }),
    };
  }

  private take(text: string, raw = text): StreamChunk {
    if (this.sse !== null) this.sse.feed(text);
    else this.splitLines(text);
    return this.flush(raw);
  }

  private splitLines(text: string): void {
    const lines = (this.partialLine + text).split('\n');
    this.partialLine = lines.pop() ?? '';
    for (const line of lines) {
      const data = line.endsWith('\r') ? line.slice(0, -1) : line;
      if (data.trim() !== '') this.add({ data });
    }
  }

  private add(event: Omit<StreamEvent, 'ms'>): void {
    this.total++;
    if (this.events.length >= this.cap) return;
    const full = { ...event, ms: Math.round(this.now() - this.startedAt) };
    this.events.push(full);
    this.pending.push(full);
  }

  private flush(raw: string): StreamChunk {
    const events = this.pending;
    this.pending = [];
    return { index: this.events.length - events.length, events, raw };
  }
}
