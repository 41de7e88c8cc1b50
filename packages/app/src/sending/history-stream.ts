import type { KeyValue, StreamCapture } from '@client/core';
import { StreamCollector, streamKindOf } from '@client/http';

/**
 * The events of a streamed answer History kept, read again from its body: History keeps the body as it arrived,
 * not each event's time, so they come back untimed.
 */
export function historyStream(headers: KeyValue[], body: string | null): StreamCapture | undefined {
  const contentType = headers.find((header) => header.key.toLowerCase() === 'content-type')?.value ?? null;
  const kind = streamKindOf(contentType);
  if (kind === null || body === null) return undefined;
  const collector = new StreamCollector(kind, 0, undefined, () => 0);
  collector.push(new TextEncoder().encode(body));
  collector.end();
  return { ...collector.capture(), untimed: true };
}
