import { describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { useTempStores } from '../store.test-support.js';
import type { NewHistoryEntry } from './history-repository.js';

const temp = useTempStores();

function sent(projectId: string | null, index: number, overrides: Partial<NewHistoryEntry> = {}): NewHistoryEntry {
  return {
    projectId,
    endpointId: null,
    method: 'GET',
    url: `https://api.test/items/${index}`,
    requestHeaders: [{ key: 'Accept', value: 'application/json' }],
    requestBody: null,
    status: 200,
    error: null,
    durationMs: 12.5,
    responseSize: 17,
    responseHeaders: [{ key: 'Content-Type', value: 'application/json' }],
    responseBody: `{"index":${index}}`,
    sentAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    sentBy: 'person',
    ...overrides,
  };
}

function addMany(store: Store, projectId: string | null, count: number): void {
  store.transaction(() => {
    for (let index = 0; index < count; index++) store.history.add(sent(projectId, index));
  });
}

describe('request history', () => {
  it('records an entry exactly and lists entries newest first', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    const first = store.history.add(sent(projectId, 1));
    const failed = store.history.add(
      sent(projectId, 2, { status: null, error: 'connect ECONNREFUSED 127.0.0.1:3000', responseBody: null }),
    );
    expect(first).toEqual({ ...sent(projectId, 1), id: expect.any(String) });
    expect(store.history.get(first.id)).toEqual(first);
    expect(store.history.list({ projectId })).toEqual([failed, first]);
  });

  it('dates an entry now when sentAt is left out', () => {
    const store = temp.open();
    const { sentAt: _, ...withoutDate } = sent(null, 1);
    const before = new Date().toISOString();
    const entry = store.history.add(withoutDate);
    expect(entry.sentAt >= before && entry.sentAt <= new Date().toISOString()).toBe(true);
  });

  it('keeps only the newest entries of each project', () => {
    const store = temp.open('client.db', { historyLimit: 5 });
    const shop = store.projects.create({ name: 'Shop' });
    const billing = store.projects.create({ name: 'Billing' });
    addMany(store, shop.id, 8);
    addMany(store, billing.id, 3);
    addMany(store, null, 7);
    const urls = (projectId: string | null) => store.history.list({ projectId }).map((entry) => entry.url.slice(-1));
    expect(urls(shop.id)).toEqual(['7', '6', '5', '4', '3']);
    expect(urls(billing.id)).toEqual(['2', '1', '0']);
    expect(urls(null)).toEqual(['6', '5', '4', '3', '2']);
    expect(store.history.list().length).toBe(5);
    expect(store.history.list({ limit: 100 }).length).toBe(13);
    expect(store.history.list({ projectId: shop.id, limit: 2 }).length).toBe(2);
  });

  it('keeps 200 entries per project by default', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    addMany(store, projectId, 205);
    const kept = store.history.list({ projectId, limit: 1000 });
    expect(kept.length).toBe(200);
    expect(kept.at(-1)?.url).toBe('https://api.test/items/5');
  });

  it('clears one project, the entries without a project, or everything, and says how many', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    addMany(store, shop.id, 3);
    addMany(store, null, 2);
    expect(store.history.clear(shop.id)).toBe(3);
    expect(store.history.list({ limit: 100 }).length).toBe(2);
    expect(store.history.clear(null)).toBe(2);
    addMany(store, shop.id, 4);
    expect(store.history.clear()).toBe(4);
    expect(store.history.list()).toEqual([]);
  });

  it('deletes one entry and answers NOT_FOUND naming the id for a missing one', () => {
    const store = temp.open();
    const entry = store.history.add(sent(null, 1));
    store.history.delete(entry.id);
    expect(store.history.get(entry.id)).toBeUndefined();
    expect(() => store.history.delete(entry.id)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(`"${entry.id}"`) }),
    );
  });

  it('keeps an entry whose endpoint is deleted, and drops the entries of a deleted project', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const endpoint = store.endpoints.create(shop.id, null, { name: 'items' });
    const entry = store.history.add(sent(shop.id, 1, { endpointId: endpoint.id }));
    store.endpoints.delete(endpoint.id);
    expect(store.history.get(entry.id)).toEqual({ ...entry, endpointId: null });
    store.projects.delete(shop.id);
    expect(store.history.list()).toEqual([]);
  });

  it('refuses an unknown project or endpoint, and an endpoint of another project', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const billing = store.projects.create({ name: 'Billing' });
    const endpoint = store.endpoints.create(billing.id, null, { name: 'invoices' });
    expect(() => store.history.add(sent('p-404', 1))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.history.add(sent(shop.id, 1, { endpointId: 'e-404' }))).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"e-404"') }),
    );
    expect(() => store.history.add(sent(shop.id, 1, { endpointId: endpoint.id }))).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: expect.stringContaining(`belongs to project ${billing.id}`),
      }),
    );
    expect(store.history.list()).toEqual([]);
  });

  it.each([
    [{ durationMs: -1 }, 'durationMs must be a number of milliseconds, 0 or more'],
    [{ responseSize: 1.5 }, 'responseSize must be a whole number of bytes, 0 or more'],
    [{ status: 200.5 }, 'status must be an integer or null'],
  ])('refuses %j with VALIDATION', (overrides, message) => {
    const store = temp.open();
    expect(() => store.history.add(sent(null, 1, overrides))).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message }),
    );
  });
});
