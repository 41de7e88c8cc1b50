import type { WebSocketSettings } from '@client/core';
import { describe, expect, it } from 'vitest';
import { duplicateEndpoint } from './duplicate.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

const websocket: WebSocketSettings = {
  subprotocols: ['graphql-ws', 'chat.v2'],
  messages: [
    { name: 'ping', format: 'json', data: '{"type":"ping"}' },
    { name: 'bytes', format: 'binary', data: 'AAEC/w==' },
  ],
};

function project() {
  const store = temp.open();
  const { id } = store.projects.create({ name: 'Chat' });
  return { store, projectId: id };
}

describe("an endpoint's kind and WebSocket settings", () => {
  it('are kept as created and read back after reopening', () => {
    const { store, projectId } = project();
    const created = store.endpoints.create(projectId, null, {
      name: 'Echo',
      path: 'wss://echo.example.com/socket',
      kind: 'websocket',
      websocket,
    });
    expect(created).toMatchObject({ kind: 'websocket', websocket, path: 'wss://echo.example.com/socket' });
    store.close();
    expect(temp.open().endpoints.get(created.id)).toMatchObject({ kind: 'websocket', websocket });
  });

  it('leave an HTTP endpoint as it was: no kind, no settings', () => {
    const { store, projectId } = project();
    const created = store.endpoints.create(projectId, null, { name: 'Users', path: '/users', kind: undefined });
    const read = store.endpoints.get(created.id);
    expect(read).not.toHaveProperty('kind');
    expect(read).not.toHaveProperty('websocket');
  });

  it('stay when an update leaves them out, and go with null or kind http', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, {
      name: 'Echo',
      path: '/socket',
      kind: 'websocket',
      websocket,
    });
    expect(store.endpoints.update(id, { name: 'Echo 2' })).toMatchObject({ kind: 'websocket', websocket });
    const without = store.endpoints.update(id, { websocket: null });
    expect(without).not.toHaveProperty('websocket');
    expect(without.kind).toBe('websocket');
    // The window sends `http` to make it an HTTP request again; the store keeps no kind for that.
    const http = store.endpoints.update(id, { kind: null });
    expect(http).not.toHaveProperty('kind');
    expect(store.endpoints.get(id)).not.toHaveProperty('kind');
  });

  it('keep empty settings as none', () => {
    const { store, projectId } = project();
    const created = store.endpoints.create(projectId, null, {
      name: 'Echo',
      kind: 'websocket',
      websocket: { subprotocols: [], messages: [] },
    });
    expect(created).not.toHaveProperty('websocket');
  });

  it('refuse an unknown kind, a bad subprotocol and a binary message that is not base64 with VALIDATION', () => {
    const { store, projectId } = project();
    const create = (fields: Record<string, unknown>) => () =>
      store.endpoints.create(projectId, null, { name: 'Echo', ...fields });
    expect(create({ kind: 'grpc' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringMatching(/kind "grpc"/) }),
    );
    expect(create({ kind: 'websocket', websocket: { subprotocols: ['a b'] } })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringMatching(/subprotocols\[0\]/) }),
    );
    expect(
      create({ kind: 'websocket', websocket: { messages: [{ name: 'x', format: 'binary', data: '%%' }] } }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION', message: expect.stringMatching(/base64/) }));
  });

  it('refuse a ws:// URL on an HTTP endpoint, on create and when an update would leave one', () => {
    const { store, projectId } = project();
    expect(() => store.endpoints.create(projectId, null, { name: 'Echo', path: 'ws://127.0.0.1:9/x' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringMatching(/set kind to websocket/) }),
    );
    const { id } = store.endpoints.create(projectId, null, {
      name: 'Echo',
      path: 'ws://127.0.0.1:9/x',
      kind: 'websocket',
    });
    expect(() => store.endpoints.update(id, { kind: null })).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
    expect(store.endpoints.get(id)?.kind).toBe('websocket');
  });

  it('show in the tree rows (a seventh item) and the listings, and only for endpoints that have one', () => {
    const { store, projectId } = project();
    const http = store.endpoints.create(projectId, null, { name: 'Users', path: '/users' });
    const ws = store.endpoints.create(projectId, null, {
      name: 'Echo',
      path: 'wss://echo.example.com/socket',
      kind: 'websocket',
      websocket,
    });
    const rows = JSON.parse(store.endpoints.treeRowsJson(projectId).toString()) as unknown[][];
    expect(rows).toEqual([
      [http.id, null, 'Users', 'GET', '/users', 'Designing'],
      [ws.id, null, 'Echo', 'GET', 'wss://echo.example.com/socket', 'Designing', 'websocket'],
    ]);
    const listings = store.endpoints.listings(projectId, 'https://api.example.com');
    expect(listings[0]).not.toHaveProperty('kind');
    expect(listings[1]).toMatchObject({ kind: 'websocket', baseUrl: 'wss://echo.example.com', path: '/socket' });
    expect(JSON.parse(store.endpoints.listingsJson(projectId, 'https://api.example.com').toString())).toEqual(listings);
  });

  it('are copied with the endpoint', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Echo', kind: 'websocket', websocket });
    expect(duplicateEndpoint(store, id)).toMatchObject({ name: 'Echo copy', kind: 'websocket', websocket });
  });
});
