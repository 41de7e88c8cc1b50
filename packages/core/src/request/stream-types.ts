import type { KeyValue } from '../model.js';

/*
 * A streamed answer (server-sent events, NDJSON) as the engine reads it event by event: what the window is
 * pushed while it arrives, what a finished send carries, and what an agent is told.
 */

/** How a streamed body is cut into events: `sse` by the event-stream format, `ndjson` one event a line. */
export type StreamKind = 'sse' | 'ndjson';

/** One event of a stream. `id` and `event` only for server-sent events that set them. */
export interface StreamEvent {
  id?: string;
  event?: string;
  /** The event's data as sent (several `data:` lines joined by newlines), or one line of NDJSON. */
  data: string;
  /** Milliseconds from sending the request to the event's arrival. */
  ms: number;
}

/** The events a finished (or stopped) stream left. */
export interface StreamCapture {
  kind: StreamKind;
  /** The first events, up to the cap; `total` counts them all. */
  events: StreamEvent[];
  total: number;
  /** Whether events past the cap were left out. */
  cut: boolean;
  /** Why the stream ended before the server closed it: the person's Stop, or the request's time limit. */
  stopped?: 'stop' | 'timeout';
  /** Set when the events were read again from a kept body (History), whose events' times were not kept. */
  untimed?: true;
}

/** What the window is pushed (app event `send-stream`, with the Send's `requestId`) while a stream arrives. */
export type StreamUpdate =
  | {
      type: 'head';
      /** `chunks`: a text body sent without a length, shown chunk by chunk while it is slow to arrive. */
      kind: StreamKind | 'chunks';
      status: number;
      statusText: string;
      headers: KeyValue[];
    }
  /** `index` is the place of the first of `events` in the stream; `raw` the text that carried them. */
  | { type: 'events'; index: number; events: StreamEvent[]; raw: string };
