import { join } from 'node:path';
import { MOCK_PORT_FIRST, MOCK_PORT_LAST } from '@client/core';
import { openStore } from '@client/store';
import { describe, expect, it, vi } from 'vitest';
import { createMockControl } from './create-mock-control.js';
import { call, freePort, useMockFixture } from './mock-control.test-support.js';

describe('createMockControl', () => {
  const fixture = useMockFixture();

  function shop() {
    const project = fixture.store.projects.create({ name: 'Shop', baseUrl: 'https://shop.example.test/v1' });
    const endpoint = fixture.store.endpoints.create(project.id, null, {
      name: 'List items',
      method: 'GET',
      path: '/items',
      examples: [
        {
          name: 'Two items',
          status: 200,
          headers: [{ key: 'X-Total', value: '2' }],
          body: '[{"id":1},{"id":2}]',
        },
      ],
    });
    return { project, endpoint };
  }

  it("answers an endpoint's example on 127.0.0.1, lists the mock, logs the request and announces it all", async () => {
    const { project, endpoint } = shop();
    const mock = await fixture.control.start({ projectId: project.id, startedBy: 'person' });
    expect(mock).toMatchObject({ projectId: project.id, projectName: 'Shop', folderId: null, validate: true });
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    expect(fixture.control.list()).toEqual([mock]);

    const answer = await call(mock.url, '/items?page=1');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-total')).toBe('2');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.json()).toEqual([{ id: 1 }, { id: 2 }]);

    const [entry] = fixture.control.log(mock.id);
    expect(entry).toMatchObject({
      mockId: mock.id,
      method: 'GET',
      path: '/items?page=1',
      status: 200,
      endpointId: endpoint.id,
      endpointName: 'List items',
      answer: 'Two items',
    });
    await fixture.control.stop(mock.id);
    expect(fixture.control.list()).toEqual([]);
    expect(fixture.events.map((event) => event.type)).toEqual(['mock-started', 'mock-request', 'mock-stopped']);
    await expect(fetch(`${mock.url}/items`)).rejects.toThrow();
  });

  it('shows an edit made here in the very next answer, and one made by another process soon after', async () => {
    const { project, endpoint } = shop();
    const mock = await fixture.control.start({ projectId: project.id, startedBy: 'agent' });
    expect((await call(mock.url, '/items')).text).toBe('[{"id":1},{"id":2}]');

    fixture.store.endpoints.update(endpoint.id, {
      examples: [{ name: 'Empty', status: 200, headers: [], body: '[]' }],
    });
    expect((await call(mock.url, '/items')).text).toBe('[]');

    const other = openStore(join(fixture.dataDir, 'client.db'));
    try {
      other.endpoints.create(project.id, null, {
        name: 'Health',
        method: 'GET',
        path: '{{base_url}}/health',
        examples: [{ name: 'Up', status: 200, headers: [], body: 'ok' }],
      });
    } finally {
      await other.close();
    }
    // Another process's writes are looked for every 100 ms rather than on every request.
    await vi.waitFor(async () => {
      const health = await call(mock.url, '/health');
      expect([health.status, health.text, health.headers.get('content-type')]).toEqual([
        200,
        'ok',
        'text/plain; charset=utf-8',
      ]);
    });
  });

  it('mocks one folder with its subfolders and nothing else of the project', async () => {
    const { project } = shop();
    const shopFolder = fixture.store.folders.create({ projectId: project.id, name: 'Orders' });
    const nested = fixture.store.folders.create({ projectId: project.id, parentId: shopFolder.id, name: 'Lines' });
    fixture.store.endpoints.create(project.id, nested.id, {
      name: 'Lines',
      method: 'GET',
      path: '/orders/:orderId/lines',
      examples: [{ name: 'One line', status: 200, headers: [], body: '[{"sku":"A"}]' }],
    });
    const mock = await fixture.control.start({ projectId: project.id, folderId: shopFolder.id, startedBy: 'person' });
    expect((await call(mock.url, '/orders/7/lines')).json()).toEqual([{ sku: 'A' }]);
    expect((await call(mock.url, '/items')).status).toBe(404);
  });

  it('takes the first free port of its range, and says CONFLICT when the asked port or the whole range is taken', async () => {
    const { project } = shop();
    const first = await fixture.control.start({ projectId: project.id, startedBy: 'person' });
    await expect(fixture.control.start({ projectId: project.id, startedBy: 'person' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('every mock port'),
    });
    await expect(
      fixture.control.start({ projectId: project.id, port: first.port, startedBy: 'person' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`port ${first.port}`) });
    const asked = await freePort();
    const second = await fixture.control.start({ projectId: project.id, port: asked, startedBy: 'person' });
    expect(second.port).toBe(asked);
    expect(fixture.control.list().map((mock) => mock.port)).toEqual([first.port, asked]);
  });

  it('takes its ports from 4010 to 4109 unless told otherwise', async () => {
    const { project } = shop();
    const control = createMockControl({ store: fixture.store });
    try {
      const mock = await control.start({ projectId: project.id, startedBy: 'person' });
      expect(mock.port).toBeGreaterThanOrEqual(MOCK_PORT_FIRST);
      expect(mock.port).toBeLessThanOrEqual(MOCK_PORT_LAST);
    } finally {
      await control.stopAll();
    }
  });

  it('refuses an unknown project or folder, and an id that is not running, with NOT_FOUND', async () => {
    const { project } = shop();
    const other = fixture.store.projects.create({ name: 'Other' });
    const foreign = fixture.store.folders.create({ projectId: other.id, name: 'Elsewhere' });
    await expect(fixture.control.start({ projectId: 'nope', startedBy: 'agent' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      fixture.control.start({ projectId: project.id, folderId: foreign.id, startedBy: 'agent' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(fixture.control.stop('nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(() => fixture.control.log('nope')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(fixture.events).toEqual([]);
  });

  it('stops every mock at once, keep-alive connections included', async () => {
    const { project } = shop();
    const first = await fixture.control.start({ projectId: project.id, startedBy: 'person' });
    const second = await fixture.control.start({ projectId: project.id, port: await freePort(), startedBy: 'person' });
    await call(first.url, '/items');
    await fixture.control.stopAll();
    expect(fixture.control.list()).toEqual([]);
    await expect(fetch(`${first.url}/items`)).rejects.toThrow();
    await expect(fetch(`${second.url}/items`)).rejects.toThrow();
    expect(fixture.events.filter((event) => event.type === 'mock-stopped')).toHaveLength(2);
  });
});
