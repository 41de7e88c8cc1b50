import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { type EchoServer, startEchoServer } from './support/websocket-echo.js';

let api: UiApi;
let echo: EchoServer;

beforeAll(async () => {
  echo = await startEchoServer();
  api = await openUiApi(await startAppProcess());
});

afterAll(async () => {
  await cleanupAppProcesses();
  await echo?.close();
});

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

interface Listed {
  id: string;
  name: string;
  kind?: string;
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: the endpoint as the API answers it
  [field: string]: any;
}

/** Imports the file as a new project; its endpoints, as saved. */
async function importFile(name: string): Promise<{ projectId: string; endpoints: Listed[] }> {
  const imported = await api.call('POST', '/api/imports', { source: { kind: 'text', text: fixture(name) } });
  expect(imported.status).toBe(201);
  const projectId = imported.json.projectId as string;
  const tree = (await api.call('GET', `/api/projects/${projectId}/tree`)).json as { endpoints: string[][] };
  const endpoints = await Promise.all(
    tree.endpoints.map(async ([id]) => (await api.call('GET', `/api/endpoints/${id}`)).json as Listed),
  );
  return { projectId, endpoints };
}

/** Connects to the imported endpoint, with the echo server's address in its variable; the handshake it made. */
async function connect(projectId: string, endpoint: Listed, variables: { key: string; value: string }[]) {
  await api.call('PUT', `/api/projects/${projectId}/variables`, {
    variables: [{ key: 'echo_host', value: `127.0.0.1:${echo.port}` }, ...variables],
  });
  const { id, projectId: _p, folderId, createdAt: _c, updatedAt: _u, ...request } = endpoint;
  const view = await api.call('POST', '/api/websocket/connect', {
    projectId,
    endpointId: id,
    environmentId: null,
    folderId,
    request,
  });
  expect(view.json).toMatchObject({ state: 'open' });
  await api.call('POST', `/api/websocket/${view.json.sessionId}/close`, {});
  return { url: view.json.url as string, headers: echo.handshakes.at(-1) };
}

describe('WebSocket requests imported from Insomnia exports', () => {
  it('v4: each websocket_request with its URL, headers, query, auth and composed message, beside the HTTP requests', async () => {
    const { projectId, endpoints } = await importFile('insomnia-websockets-v4.yaml');
    expect(endpoints.map(({ name, kind, path }) => [name, kind ?? 'http', path])).toEqual(
      expect.arrayContaining([
        ['List orders', 'http', '/orders'],
        ['Order feed', 'websocket', 'ws://{{echo_host}}/orders'],
        ['Echo', 'websocket', 'ws://{{echo_host}}/echo'],
      ]),
    );
    const feed = endpoints.find(({ name }) => name === 'Order feed') as Listed;
    expect(feed).toMatchObject({
      headers: [{ key: 'X-Client', value: 'insomnia' }],
      queryParams: [{ key: 'channel', value: 'orders' }],
      auth: { type: 'bearer', token: '{{token}}' },
      description: 'Pushes every order as it changes.',
      websocket: { messages: [{ name: 'Message', format: 'json', data: '{\n  "subscribe": "orders"\n}' }] },
    });
    // The HTTP request's origin is the project's base_url; a WebSocket's own URL did not compete for it.
    const project = (await api.call('GET', `/api/projects/${projectId}`)).json;
    expect(project.variables).toEqual(expect.arrayContaining([{ key: 'base_url', value: 'https://shop.example.com' }]));

    const { url, headers } = await connect(projectId, feed, [{ key: 'token', value: 'shop-token' }]);
    expect(url).toBe(`ws://127.0.0.1:${echo.port}/orders?channel=orders`);
    expect(headers).toMatchObject({ authorization: 'Bearer shop-token', 'x-client': 'insomnia' });
  });

  it('v5: a ws-req item in a folder, with its headers and Basic auth', async () => {
    const { projectId, endpoints } = await importFile('insomnia-websockets-v5.yaml');
    const room = endpoints.find(({ name }) => name === 'General room') as Listed;
    expect(room).toMatchObject({
      kind: 'websocket',
      path: 'ws://{{echo_host}}/rooms/general',
      headers: [{ key: 'X-Room', value: 'general' }],
      auth: { type: 'basic', username: 'chat', password: '{{password}}' },
    });
    expect(room.folderId).not.toBeNull();
    expect(endpoints.find(({ name }) => name === 'Health')).not.toHaveProperty('kind');
    const { headers } = await connect(projectId, room, [{ key: 'password', value: 'chat-pass' }]);
    expect(headers).toMatchObject({ authorization: `Basic ${btoa('chat:chat-pass')}`, 'x-room': 'general' });
  });
});
