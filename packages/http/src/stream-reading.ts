import type { StreamCapture, StreamUpdate } from '@client/core';
import { ChunkRelay } from './chunk-relay.js';
import { isTextContentType, type ReadBody, readResponseBody } from './response-reading.js';
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
): Promise<{ body: ReadBody; stream?: StreamCapture; stoppedEarly?: 'stop' | 'timeout' }> {
  const kind = streamKindOf(contentType);
  const { onStream } = options;
  if (kind === null) return readChunked(response, contentType, options);
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

/**
 * Reads a body that is not a stream of events; a slow text body sent without a length is told chunk by chunk, and
 * once it is, Stop ends it with what arrived (`stoppedEarly`) rather than cancelling the send.
 */
async function readChunked(
  response: WireResponse,
  contentType: string | null,
  options: StreamReadOptions,
): Promise<{ body: ReadBody; stoppedEarly?: 'stop' | 'timeout' }> {
  const { onStream, signal } = options;
  const lengthless = !response.headers.some((header) => header.key.toLowerCase() === 'content-length');
  if (onStream === undefined || !lengthless || !isTextContentType(contentType)) {
    return { body: await readResponseBody(response.body, contentType, options.limits) };
  }
  const { status, statusText, headers } = response;
  const relay = new ChunkRelay(
    { type: 'head', kind: 'chunks', status, statusText, headers },
    onStream,
    options.started,
  );
  try {
    const body = await readResponseBody(response.body, contentType, options.limits, {
      onChunk: (value) => relay.push(value),
      endedBy: {
        get aborted() {
          return relay.live && signal.aborted;
        },
      },
    });
    if (!relay.live || !signal.aborted) return { body };
    return { body, stoppedEarly: options.timedOut.aborted ? 'timeout' : 'stop' };
  } finally {
    relay.end();
  }
}
