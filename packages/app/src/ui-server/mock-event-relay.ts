import type { MockLogEntry } from '@client/core';
import type { MockControl } from '../mocks/mock-control.js';
import type { EventStream } from './event-stream.js';

/** How long requests a mock answered are gathered before they go to the windows in one event. */
const BATCH_MS = 100;
/** The newest entries a batch carries: the window's log shows no more than that of one mock anyway. */
const BATCH_MAX = 200;

/**
 * Relays the mocks' events to the windows: a mock started or stopped at once, the requests they answered gathered
 * into `mock-requests` every 100 ms, so a mock under a load test does not send the window thousands of events a
 * second. Gathered requests go out before a start or stop, which keeps each mock's events in order.
 */
export function relayMockEvents(mocks: MockControl, stream: EventStream): () => void {
  let pending: MockLogEntry[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    stream.send('mock-requests', { entries: pending.slice(-BATCH_MAX) });
    pending = [];
  };
  const unsubscribe = mocks.onEvent((event) => {
    if (event.type === 'mock-request') {
      pending.push(event.entry);
      timer ??= setTimeout(flush, BATCH_MS);
      return;
    }
    flush();
    stream.send(event.type, { mock: event.mock });
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
