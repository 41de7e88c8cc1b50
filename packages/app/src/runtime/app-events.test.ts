import { describe, expect, it } from 'vitest';
import { createAppEvents } from './app-events.js';

const event = { projectId: 'p', endpointId: 'e', name: 'items' };

describe('createAppEvents', () => {
  it('delivers each event to every subscriber until it unsubscribes', () => {
    const events = createAppEvents(() => {});
    const first: unknown[] = [];
    const second: unknown[] = [];
    const stopFirst = events.on('endpoint-imported', (payload) => first.push(payload));
    events.on('endpoint-imported', (payload) => second.push(payload));
    events.emit('endpoint-imported', event);
    stopFirst();
    events.emit('endpoint-imported', { ...event, name: 'later' });
    expect(first).toEqual([event]);
    expect(second).toEqual([event, { ...event, name: 'later' }]);
  });

  it('reports a failing listener without stopping the others or the emitter', () => {
    const failures: [unknown, string][] = [];
    const events = createAppEvents((error, name) => failures.push([error, name]));
    const delivered: unknown[] = [];
    const boom = new Error('boom');
    events.on('endpoint-imported', () => {
      throw boom;
    });
    events.on('endpoint-imported', (payload) => delivered.push(payload));
    expect(() => events.emit('endpoint-imported', event)).not.toThrow();
    expect(delivered).toEqual([event]);
    expect(failures).toEqual([[boom, 'endpoint-imported']]);
  });
});
