import type { StreamCapture, StreamUpdate } from '@client/core';
import { type ReadBody, readResponseBody } from './response-reading.js';
import { type StreamChunk, StreamCollector, streamKindOf } from './stream-collector.js';
import type { WireResponse } from './wire-request.js';

interface StreamReadOptions {
  /** Told of a streamed answer's status and each chunk's events as they arrive. */
  onStream?: (update: StreamUpdate) => void;
  limits: { displayBytes: number; readLimitBytes: number };
  /** When the request was sent (performance.now()): the clock of each event's `ms`. */
  started: number;
  /** Aborts the send: the person's Stop, or the time limit. */
  signal: AbortSignal;
  /** Aborted when the time limit passed. */
  timedOut: AbortSignal;
}

/**
 * Reads a response's body; a streamed one (server-sent events, NDJSON) is also cut into events as it arrives,
 * each chunk's events told to `onStream`, and ends without failing when the send is stopped or times out.
 */
export async function readStream(
  response: WireResponse,
  contentType: string | null,
  options: StreamReadOptions,
): Promise<{ body: ReadBody; stream?: StreamCapture }> {
  const kind = streamKindOf(contentType);
  if (kind === null) return { body: await readResponseBody(response.body, contentType, options.limits) };
  const { onStream } = options;
  const collector = new StreamCollector(kind, options.started);
  const tell = (chunk: StreamChunk) => {
    if (chunk.events.length > 0 || chunk.raw !== '') onStream?.({ type: 'events', ...chunk });
  };
  onStream?.({
    type: 'head',
    kind,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  const body = await readResponseBody(response.body, contentType, options.limits, {
    onChunk: (value) => tell(collector.push(value)),
    endedBy: options.signal,
  });
  tell(collector.end());
  const stopped = options.timedOut.aborted ? 'timeout' : options.signal.aborted ? 'stop' : undefined;
  return { body, stream: collector.capture(stopped) };
}
