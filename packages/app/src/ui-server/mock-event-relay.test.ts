import type { MockInfo, MockLogEntry } from '@client/core';
import { describe, expect, it } from 'vitest';
import type { MockControl, MockEvent } from '../mocks/mock-control.js';
import type { EventStream } from './event-stream.js';
import { relayMockEvents } from './mock-event-relay.js';

/** The control's event side only, which is all the relay uses. */
function emitter() {
  let listener: ((event: MockEvent) => void) | null = null;
  const control = {
    onEvent(next: (event: MockEvent) => void) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  } as unknown as MockControl;
  return { control, emit: (event: MockEvent) => listener?.(event), listening: () => listener !== null };
}

function recorder() {
  const sent: { event: string; data: object }[] = [];
  let notify = () => {};
  const stream = {
    send(event: string, data: object) {
      sent.push({ event, data });
      notify();
    },
  } as unknown as EventStream;
  const next = () => new Promise<void>((resolve) => (notify = resolve));
  return { stream, sent, next };
}

const mock = { id: 'm1', port: 4010 } as MockInfo;
const entry = (path: string): MockLogEntry => ({
  mockId: 'm1',
  at: '2026-11-29T09:00:00.000Z',
  method: 'GET',
  path,
  status: 200,
  endpointId: null,
  endpointName: null,
  answer: null,
  ms: 1,
});

describe('relayMockEvents', () => {
  it('gathers answered requests into one mock-requests event, and sends them before a stop', async () => {
    const { control, emit, listening } = emitter();
    const { stream, sent, next } = recorder();
    const stop = relayMockEvents(control, stream);
    emit({ type: 'mock-started', mock });
    emit({ type: 'mock-request', entry: entry('/a') });
    emit({ type: 'mock-request', entry: entry('/b') });
    const batched = next();
    await batched;
    expect(sent).toEqual([
      { event: 'mock-started', data: { mock } },
      { event: 'mock-requests', data: { entries: [entry('/a'), entry('/b')] } },
    ]);
    emit({ type: 'mock-request', entry: entry('/c') });
    emit({ type: 'mock-stopped', mock });
    expect(sent.slice(2)).toEqual([
      { event: 'mock-requests', data: { entries: [entry('/c')] } },
      { event: 'mock-stopped', data: { mock } },
    ]);
    stop();
    expect(listening()).toBe(false);
  });
});
