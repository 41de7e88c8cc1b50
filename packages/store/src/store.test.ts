import { describe, expect, it } from 'vitest';
import { openStore, type Store } from './store.js';
import { plannedGet, useTempStores } from './store.test-support.js';
import type { StoreContext } from './store-context.js';

const temp = useTempStores();

describe('openStore', () => {
  it('keeps everything written after the file is closed and reopened', () => {
    const first = openStore(temp.path());
    const project = first.projects.create({ name: 'Shop', description: 'web shop', baseUrl: 'https://shop.test' });
    const folder = first.folders.create({ projectId: project.id, name: 'Orders' });
    const endpoint = first.endpoints.create(project.id, folder.id, {
      name: 'Create order',
      method: 'POST',
      path: '/orders',
      body: { mode: 'json', text: '{"sku":"a"}' },
      auth: { type: 'bearer', token: '{{token}}' },
    });
    const imported = first.importEndpoint({ planned: plannedGet('https://shop.test/cart?page=2', 'Cart') }).endpoint;
    const environment = first.environments.create({ projectId: project.id, name: 'Local' });
    const secret = first.environmentVariables.set(environment.id, { key: 'token', value: 'ciphertext', secret: true });
    first.environments.setActive(project.id, environment.id);
    const entry = first.history.add({
      projectId: project.id,
      endpointId: endpoint.id,
      method: 'POST',
      url: 'https://shop.test/orders',
      requestHeaders: [],
      requestBody: '{"sku":"a"}',
      status: 201,
      error: null,
      durationMs: 30,
      responseSize: 9,
      responseHeaders: [{ key: 'Location', value: '/orders/1' }],
      responseBody: '{"id":1}',
    });
    const summaries = first.listProjectSummaries();
    first.close();

    const reopened = temp.open();
    expect(reopened.projects.list()).toEqual([project]);
    expect(reopened.listProjectSummaries()).toEqual(summaries);
    expect(reopened.folders.list(project.id)).toEqual([folder]);
    expect(reopened.endpoints.list(project.id)).toEqual([endpoint, imported]);
    expect(reopened.environments.getActive(project.id)).toEqual(environment);
    expect(reopened.environmentVariables.list(environment.id)).toEqual([secret]);
    expect(reopened.history.list()).toEqual([entry]);
  });

  it('lets a connection notice, through dataVersion, that another connection committed', () => {
    const app = temp.open();
    const cli = temp.open();
    const seen = app.dataVersion();
    app.projects.create({ name: 'Made by the app itself' });
    expect(app.dataVersion()).toBe(seen);
    cli.projects.create({ name: 'Made by the CLI' });
    const changed = app.dataVersion();
    expect(changed).not.toBe(seen);
    expect(app.dataVersion()).toBe(changed);
    expect(app.projects.list().map((project) => project.name)).toEqual(['Made by the app itself', 'Made by the CLI']);
  });

  it('counts, through ownChanges, the writes of this connection, deletes included, and not those of another', () => {
    const app = temp.open();
    const cli = temp.open();
    const before = app.ownChanges();
    const project = app.projects.create({ name: 'Mocked' });
    const created = app.ownChanges();
    expect(created).toBeGreaterThan(before);
    cli.projects.create({ name: 'Made by the CLI' });
    expect(app.ownChanges()).toBe(created);
    app.projects.delete(project.id);
    expect(app.ownChanges()).toBeGreaterThan(created);
  });

  it('commits the work of transaction() together or not at all', () => {
    const store = temp.open();
    expect(() =>
      store.transaction(() => {
        const project = store.projects.create({ name: 'Half done' });
        store.folders.create({ projectId: project.id, name: '' });
      }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(store.projects.list()).toEqual([]);
  });

  it("keeps the page cache it is given, and the driver's default otherwise", () => {
    const cacheOf = (store: Store) =>
      (store as unknown as { context: StoreContext }).context.db.pragma('cache_size', { simple: true });
    const small = temp.open('small.db', { pageCacheKiB: 256 });
    expect(cacheOf(small)).toBe(-256);
    // better-sqlite3 builds SQLite with a 16 MB default.
    expect(cacheOf(temp.open('default.db'))).toBe(-16_000);
    expect(() => openStore(temp.path(), { pageCacheKiB: 0.5 })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'pageCacheKiB must be a whole number, 1 or more' }),
    );
  });

  it('refuses a history limit below 1', () => {
    expect(() => openStore(temp.path(), { historyLimit: 0 })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'historyLimit must be a whole number, 1 or more' }),
    );
  });
});
