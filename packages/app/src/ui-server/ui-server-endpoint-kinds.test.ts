import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, endpointDraft, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const websocket = { subprotocols: ['chat.v2'], messages: [{ name: 'hi', format: 'text', data: 'hello' }] };

async function newProject(): Promise<string> {
  return (await api(app, 'POST', '/api/projects', { name: 'Kinds' })).json.id;
}

describe("the window's endpoints of a kind", () => {
  it('creates a WebSocket endpoint, shows its kind in the tree, and keeps kind and settings through a save without them', async () => {
    const projectId = await newProject();
    const created = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, {
      ...endpointDraft({ name: 'Chat', path: 'ws://127.0.0.1:9/chat' }),
      kind: 'websocket',
      websocket,
    });
    expect(created).toMatchObject({ status: 201, json: { kind: 'websocket', websocket } });
    const tree = await api(app, 'GET', `/api/projects/${projectId}/tree`);
    expect(tree.json.endpoints).toEqual([
      [created.json.id, null, 'Chat', 'GET', 'ws://127.0.0.1:9/chat', 'Designing', 'websocket'],
    ]);
    const saved = await api(
      app,
      'PUT',
      `/api/endpoints/${created.json.id}`,
      endpointDraft({ name: 'Chat 2', path: '/chat' }),
    );
    expect(saved.json).toMatchObject({ name: 'Chat 2', kind: 'websocket', websocket });
    const http = await api(app, 'PUT', `/api/endpoints/${created.json.id}`, {
      ...endpointDraft({ name: 'Chat 3', path: '/chat' }),
      kind: 'http',
      websocket: null,
    });
    expect(http.status).toBe(200);
    expect(http.json).not.toHaveProperty('kind');
    expect(http.json).not.toHaveProperty('websocket');
  });

  it('refuses an unknown kind and bad settings with VALIDATION naming the field', async () => {
    const projectId = await newProject();
    const kind = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, { ...endpointDraft(), kind: 'grpc' });
    expect(kind).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect(kind.json.message).toMatch(/kind/);
    const settings = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, {
      ...endpointDraft(),
      kind: 'websocket',
      websocket: { subprotocols: 'chat' },
    });
    expect(settings).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect(settings.json.message).toMatch(/websocket.subprotocols must be an array/);
  });
});
