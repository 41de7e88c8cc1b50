import { AGENT_BODY_BYTES, type StreamCapture, type StreamEvent } from '@client/core';

/** At most this many events go back to an agent, whatever their size. */
const AGENT_EVENT_COUNT = 1_000;

/**
 * The events of a streamed answer as an agent gets them: each one's id, name and data scrubbed like the body, and no
 * more than `AGENT_EVENT_COUNT` events nor `AGENT_BODY_BYTES` of data (the first events, whole); a note says what
 * was left out.
 */
export function agentStreamEvents(
  stream: StreamCapture,
  scrub: (text: string) => string,
): { events: StreamEvent[]; note: string | null } {
  const events: StreamEvent[] = [];
  let bytes = 0;
  for (const event of stream.events) {
    if (events.length >= AGENT_EVENT_COUNT) break;
    const data = scrub(event.data);
    bytes += Buffer.byteLength(data, 'utf8');
    if (bytes > AGENT_BODY_BYTES) break;
    events.push({
      ...(event.id === undefined ? {} : { id: scrub(event.id) }),
      ...(event.event === undefined ? {} : { event: scrub(event.event) }),
      data,
      ms: event.ms,
    });
  }
  const stopped =
    stream.stopped === 'stop'
      ? ' The person stopped the stream in the app.'
      : stream.stopped === 'timeout'
        ? ' The stream was ended at the request’s time limit.'
        : '';
  const note =
    events.length < stream.total
      ? `The stream sent ${stream.total.toLocaleString('en-US')} events; the first ${events.length.toLocaleString('en-US')} are here.${stopped}`
      : stopped === ''
        ? null
        : stopped.trim();
  return { events, note };
}
