import { describe, expect, it } from 'vitest';
import { createMockControl } from './create-mock-control.js';
import { lazyMockControl } from './lazy-mock-control.js';
import type { MockControl, MockEvent } from './mock-control.js';
import { call, freePort, useMockFixture } from './mock-control.test-support.js';

describe('lazyMockControl', () => {
  const fixture = useMockFixture();

  function lazyOverFixture(): { control: MockControl; loads: () => number } {
    let loads = 0;
    const control = lazyMockControl(async () => {
      loads++;
      const first = await freePort();
      return createMockControl({ store: fixture.store, ports: { first, last: first } });
    });
    return { control, loads: () => loads };
  }

  it('loads nothing until the first start: an empty list, NOT_FOUND for a stop or a log, a stopAll that does nothing', async () => {
    const { control, loads } = lazyOverFixture();
    expect(control.list()).toEqual([]);
    await expect(control.stop('m1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(() => control.log('m1')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    await control.stopAll();
    expect(loads()).toBe(0);
  });

  it('starts through the loaded control once, relays its events to earlier listeners, and stops everything', async () => {
    const project = fixture.store.projects.create({ name: 'Shop' });
    fixture.store.endpoints.create(project.id, null, {
      name: 'Ping',
      method: 'GET',
      path: '/ping',
      examples: [{ name: 'pong', status: 200, headers: [], body: 'pong' }],
    });
    const { control, loads } = lazyOverFixture();
    const events: MockEvent['type'][] = [];
    control.onEvent((event) => events.push(event.type));

    const mock = await control.start({ projectId: project.id, startedBy: 'agent' });
    expect((await call(mock.url, '/ping')).text).toBe('pong');
    expect(control.list()).toEqual([mock]);
    expect(control.log(mock.id)).toHaveLength(1);
    await control.stopAll();
    expect(control.list()).toEqual([]);
    expect(events).toEqual(['mock-started', 'mock-request', 'mock-stopped']);
    expect(loads()).toBe(1);
  });
});
