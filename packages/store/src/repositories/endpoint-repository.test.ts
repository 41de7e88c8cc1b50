import { type EndpointDraft, toEndpointListing } from '@client/core';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { countRows, useTempStores } from '../store.test-support.js';

const temp = useTempStores();

const full: EndpointDraft = {
  name: 'Create order',
  method: 'POST',
  path: '/v1/orders/{{orderId}}',
  queryParams: [
    { key: 'b', value: '2' },
    { key: 'a', value: '1' },
    { key: 'b', value: '3' },
  ],
  headers: [
    { key: 'Content-Type', value: 'application/json' },
    { key: 'Authorization', value: 'Bearer {{token}}' },
  ],
  body: { mode: 'json', text: '{"items":[1,2]}' },
  auth: { type: 'apiKey', key: 'X-Key', value: 'k', in: 'header' },
  state: 'Testing',
};

function project() {
  const store = temp.open();
  const { id } = store.projects.create({ name: 'Shop' });
  return { store, projectId: id };
}

describe('endpoints', () => {
  it('creates an endpoint that keeps every field exactly, and reads it back', () => {
    const { store, projectId } = project();
    const endpoint = store.endpoints.create(projectId, null, full);
    expect(endpoint).toEqual({
      ...full,
      id: expect.any(String),
      projectId,
      folderId: null,
      createdAt: expect.any(String),
      updatedAt: endpoint.createdAt,
    });
    expect(store.endpoints.get(endpoint.id)).toEqual(endpoint);
    expect(store.endpoints.get('missing')).toBeUndefined();
  });

  it('keeps the settings an endpoint overrides, changes them and refuses a bad one by name', () => {
    const { store, projectId } = project();
    const settings = { timeoutMs: 1500, verifyTls: false, proxy: { mode: 'none' as const } };
    const endpoint = store.endpoints.create(projectId, null, { ...full, settings });
    expect(store.endpoints.get(endpoint.id)?.settings).toEqual(settings);
    expect(store.endpoints.update(endpoint.id, { settings: { http2: false } }).settings).toEqual({ http2: false });
    expect(() => store.endpoints.update(endpoint.id, { settings: { timeoutMs: -1 } as never })).toThrow(
      'settings.timeoutMs must be a whole number',
    );
    expect(store.endpoints.get(endpoint.id)?.settings).toEqual({ http2: false });
    // None left: the endpoint reads as one that never had any.
    const cleared = store.endpoints.update(endpoint.id, { settings: {} });
    expect(cleared).not.toHaveProperty('settings');
    expect(store.endpoints.get(endpoint.id)).toEqual(cleared);
  });

  it('keeps a whole URL of the endpoint’s own as its path, lists its origin, and refuses one that is no URL', () => {
    const { store, projectId } = project();
    const own = store.endpoints.create(projectId, null, { ...full, path: 'https://example.org/typed/path' });
    expect(store.endpoints.get(own.id)?.path).toBe('https://example.org/typed/path');
    expect(store.endpoints.listings(projectId, 'http://127.0.0.1:5599')[0]).toMatchObject({
      baseUrl: 'https://example.org',
      path: '/typed/path',
    });
    expect(() => store.endpoints.create(projectId, null, { ...full, path: 'https://' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
    expect(() => store.endpoints.create(projectId, null, { ...full, path: 'typed/path' })).toThrow(
      'or be a whole http(s) URL',
    );
  });

  it('gives a new endpoint with only a name an empty GET of / in state Designing, inheriting its auth', () => {
    const { store, projectId } = project();
    expect(store.endpoints.create(projectId, null, { name: 'New request' })).toMatchObject({
      name: 'New request',
      method: 'GET',
      path: '/',
      queryParams: [],
      headers: [],
      body: { mode: 'none' },
      auth: { type: 'inherit' },
      state: 'Designing',
    });
  });

  it('lists the endpoints of one project in creation order, stable for the same millisecond', () => {
    const { store, projectId } = project();
    const other = store.projects.create({ name: 'Other' });
    store.endpoints.create(other.id, null, { name: 'elsewhere' });
    const created = store.transaction(() =>
      Array.from({ length: 50 }, (_, index) => store.endpoints.create(projectId, null, { name: `e${index}` })),
    );
    expect(store.endpoints.list(projectId)).toEqual(created);
    expect(() => store.endpoints.list('p-404')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"p-404"') }),
    );
  });

  it('lists what the tree shows of each endpoint as JSON rows, equal to the endpoints cut to those fields', () => {
    const { store, projectId } = project();
    const folder = store.folders.create({ projectId, name: 'Orders' });
    store.endpoints.create(projectId, folder.id, full);
    store.endpoints.create(projectId, null, { name: 'Health', path: '/health' });
    // Text JSON must escape, in a name and a path: quotes, a backslash, a line break, a control character.
    store.endpoints.create(projectId, null, { name: 'Say "hi"\\\n\u0001 ✓', path: '/a/"b"\\c' });
    store.endpoints.create(store.projects.create({ name: 'Other' }).id, null, { name: 'elsewhere' });

    const rows = JSON.parse(store.endpoints.treeRowsJson(projectId).toString('utf8'));

    expect(rows).toEqual(
      store.endpoints
        .list(projectId)
        .map(({ id, folderId, name, method, path, state }) => [id, folderId, name, method, path, state]),
    );
    expect(rows.map(([, folderId, name]: unknown[]) => [name, folderId])).toEqual([
      ['Create order', folder.id],
      ['Health', null],
      ['Say "hi"\\\n\u0001 ✓', null],
    ]);
    expect(JSON.parse(store.endpoints.treeRowsJson(store.projects.create({ name: 'Empty' }).id).toString())).toEqual(
      [],
    );
    expect(() => store.endpoints.treeRowsJson('p-404')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('lists a project as agents see it, equal to its endpoints masked, and NOT_FOUND for an unknown one', () => {
    const { store, projectId } = project();
    store.endpoints.create(projectId, null, full);
    store.endpoints.create(projectId, null, {
      name: 'Login',
      method: 'POST',
      headers: [{ key: 'Cookie', value: 'sid=1' }],
      body: { mode: 'urlencoded', fields: [{ key: 'password', value: 'hunter2' }] },
      auth: { type: 'basic', username: 'ada', password: 's3cret' },
    });
    store.endpoints.create(store.projects.create({ name: 'Other' }).id, null, { name: 'elsewhere' });

    const listings = store.endpoints.listings(projectId, 'https://shop.example');

    const endpoints = store.endpoints.list(projectId);
    expect(listings).toEqual(endpoints.map((endpoint) => toEndpointListing(endpoint, 'https://shop.example')));
    expect(JSON.stringify(listings)).not.toMatch(/sid=1|hunter2|s3cret/);
    expect(store.endpoints.listings(store.projects.create({ name: 'Empty' }).id, null)).toEqual([]);
    expect(() => store.endpoints.listings('p-404', null)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('updates only the fields given and moves updatedAt forward', () => {
    const { store, projectId } = project();
    // The clock moves on between the two writes.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const endpoint = store.endpoints.create(projectId, null, full);
    vi.setSystemTime(Date.now() + 1000);
    const updated = store.endpoints.update(endpoint.id, { state: 'Released', method: 'put', body: { mode: 'none' } });
    expect(updated).toEqual({
      ...endpoint,
      state: 'Released',
      method: 'PUT',
      body: { mode: 'none' },
      updatedAt: expect.any(String),
    });
    expect(updated.updatedAt > endpoint.updatedAt).toBe(true);
    expect(store.endpoints.get(endpoint.id)).toEqual(updated);
  });

  it.each([
    [{ name: '' }, 'name must not be empty'],
    [{ method: 'GET /x' }, 'method "GET /x" is not an HTTP method'],
    [{ state: 'Done' }, 'state "Done" is unknown; use one of Designing, Developing, Testing, Released, Deprecated'],
    [{ path: 'v1/items' }, 'path "v1/items" must start with /'],
    [{ path: '/items?x=1' }, 'put the query in queryParams'],
    [{ headers: [{ key: 'A' }] }, 'headers[0].value must be a string, not undefined'],
    [{ body: { mode: 'xml', text: '<a/>' } }, 'body.mode must be one of none, json, text, urlencoded, multipart, file'],
    [{ auth: { type: 'bearer' } }, 'auth.token must be a string, not undefined'],
  ])('refuses %j with VALIDATION and changes nothing', (changes, message) => {
    const { store, projectId } = project();
    const endpoint = store.endpoints.create(projectId, null, full);
    expect(() => store.endpoints.update(endpoint.id, changes as Partial<EndpointDraft>)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining(message) }),
    );
    expect(() => store.endpoints.create(projectId, null, { ...full, ...changes } as EndpointDraft)).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
    expect(store.endpoints.list(projectId)).toEqual([endpoint]);
  });

  it('keeps a path that starts with a variable, which may hold a whole URL', () => {
    const { store, projectId } = project();
    const endpoint = store.endpoints.create(projectId, null, { ...full, path: '{{tls_host}}/echo' });
    expect(store.endpoints.get(endpoint.id)?.path).toBe('{{tls_host}}/echo');
  });

  it('moves an endpoint between folders of its project and to the root', () => {
    const { store, projectId } = project();
    const users = store.folders.create({ projectId, name: 'Users' });
    const orders = store.folders.create({ projectId, name: 'Orders' });
    const endpoint = store.endpoints.create(projectId, users.id, { name: 'list' });
    expect(store.endpoints.move(endpoint.id, orders.id).folderId).toBe(orders.id);
    expect(store.endpoints.move(endpoint.id, null).folderId).toBeNull();
    expect(store.endpoints.get(endpoint.id)?.folderId).toBeNull();
  });

  it('refuses a folder of another project with NOT_FOUND, on create and on move', () => {
    const { store, projectId } = project();
    const other = store.projects.create({ name: 'Billing' });
    const foreign = store.folders.create({ projectId: other.id, name: 'Invoices' });
    expect(() => store.endpoints.create(projectId, foreign.id, { name: 'x' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(`"${foreign.id}"`) }),
    );
    const endpoint = store.endpoints.create(projectId, null, { name: 'x' });
    expect(() => store.endpoints.move(endpoint.id, foreign.id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(store.endpoints.get(endpoint.id)?.folderId).toBeNull();
  });

  it('deletes an endpoint and answers NOT_FOUND naming the id for a missing one', () => {
    const { store, projectId } = project();
    const endpoint = store.endpoints.create(projectId, null, { name: 'x' });
    store.endpoints.delete(endpoint.id);
    expect(countRows(temp.path()).endpoints).toBe(0);
    const actions = [
      () => store.endpoints.delete(endpoint.id),
      () => store.endpoints.update(endpoint.id, { name: 'y' }),
      () => store.endpoints.move(endpoint.id, null),
    ];
    for (const action of actions) {
      expect(action).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining(`"${endpoint.id}"`) }),
      );
    }
    expect(() => store.endpoints.create('p-404', null, { name: 'x' })).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
  });
});
