import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocketSessionUpdate, WebSocketSessionView } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { api, endpointDraft, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let server: WebSocketServer;
let port: number;
/** The handshake headers of each connection the echo server took, in order. */
const handshakes: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  app = await startTestApp();
  server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => (protocols.has('chat.v2') ? 'chat.v2' : false),
  });
  server.on('connection', (socket, request) => {
    handshakes.push(request.headers);
    socket.on('message', (data, isBinary) => {
      if (!isBinary && data.toString() === 'bye') socket.close(4000, 'asked to');
      else socket.send(data, { binary: isBinary });
    });
  });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

async function project(): Promise<string> {
  const projectId = (await api(app, 'POST', '/api/projects', { name: 'Sockets' })).json.id as string;
  await api(app, 'PUT', `/api/projects/${projectId}/variables`, {
    variables: [
      { key: 'socket_host', value: `127.0.0.1:${port}` },
      { key: 'token', value: 's3cret-token' },
    ],
  });
  return projectId;
}

const socketDraft = (extra = {}) =>
  endpointDraft({
    name: 'Echo',
    path: 'ws://{{socket_host}}/echo',
    kind: 'websocket',
    websocket: { subprotocols: ['chat.v2'] },
    headers: [{ key: 'X-Client', value: 'tests' }],
    auth: { type: 'bearer', token: '{{token}}' },
    ...extra,
  });

async function connect(projectId: string, endpointId: string | null, request = socketDraft()) {
  const answer = await api(app, 'POST', '/api/websocket/connect', {
    projectId,
    endpointId,
    environmentId: null,
    request,
  });
  return answer;
}

describe('WebSocket sessions held by the app', () => {
  it('connects with the resolved URL, headers, auth and subprotocol, echoes text, JSON and binary, and tells the window', {
    timeout: 30_000,
  }, async () => {
    const projectId = await project();
    const events = await readEvents(app);
    const answer = await connect(projectId, null);
    expect(answer.status).toBe(200);
    const view = answer.json as WebSocketSessionView;
    expect(view).toMatchObject({ state: 'open', protocol: 'chat.v2', url: `ws://127.0.0.1:${port}/echo` });
    expect(handshakes.at(-1)).toMatchObject({ 'x-client': 'tests', authorization: 'Bearer s3cret-token' });

    const sent = await api(app, 'POST', `/api/websocket/${view.sessionId}/send`, {
      messages: [
        { format: 'text', data: 'hello' },
        { format: 'json', data: '{"a":1}' },
        { format: 'binary', data: 'AAEC/w==' },
      ],
    });
    expect(sent.json.messages.map((frame: { seq: number }) => frame.seq)).toEqual([1, 2, 3]);
    const received = () =>
      events
        .received()
        .filter(({ type }) => type === 'websocket')
        .flatMap(({ data }) => (data as WebSocketSessionUpdate).messages)
        .filter((frame) => frame.direction === 'received');
    await expect.poll(() => received().length).toBe(3);
    expect(received().map(({ format, data, size }) => ({ format, data, size }))).toEqual([
      { format: 'text', data: 'hello', size: 5 },
      { format: 'text', data: '{"a":1}', size: 7 },
      { format: 'binary', data: 'AAEC/w==', size: 4 },
    ]);
    const later = (await api(app, 'GET', `/api/websocket/${view.sessionId}?after=3`)).json as WebSocketSessionView;
    expect(later.messages.map((frame) => [frame.seq, frame.direction])).toEqual([
      [4, 'received'],
      [5, 'received'],
      [6, 'received'],
    ]);
    events.close();
  });

  it('refuses a JSON message that does not parse, and a send on a closed connection, with VALIDATION', async () => {
    const projectId = await project();
    const view = (await connect(projectId, null)).json as WebSocketSessionView;
    const bad = await api(app, 'POST', `/api/websocket/${view.sessionId}/send`, {
      messages: [{ format: 'json', data: '{nope' }],
    });
    expect(bad).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect(bad.json.message).toMatch(/not JSON/);
    await api(app, 'POST', `/api/websocket/${view.sessionId}/close`);
    await expect
      .poll(async () => (await api(app, 'GET', `/api/websocket/${view.sessionId}`)).json.state)
      .toBe('closed');
    const closed = await api(app, 'POST', `/api/websocket/${view.sessionId}/send`, {
      messages: [{ format: 'text', data: 'x' }],
    });
    expect(closed).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect(closed.json.message).toMatch(/not open/);
  });

  it('keeps a closed session of a saved endpoint in History, its messages as JSON and its credentials masked', async () => {
    const projectId = await project();
    const endpoint = (await api(app, 'POST', `/api/projects/${projectId}/endpoints`, socketDraft())).json;
    const view = (await connect(projectId, endpoint.id)).json as WebSocketSessionView;
    await api(app, 'POST', `/api/websocket/${view.sessionId}/send`, {
      messages: [
        { format: 'text', data: 'hello' },
        { format: 'text', data: 'bye' },
      ],
    });
    await expect
      .poll(async () => (await api(app, 'GET', `/api/websocket/${view.sessionId}`)).json)
      .toMatchObject({ state: 'closed', closeCode: 4000, closeReason: 'asked to' });
    const history = (await api(app, 'GET', `/api/projects/${projectId}/history`)).json;
    expect(history[0]).toMatchObject({ endpointId: endpoint.id, method: 'WS', status: 101 });
    const detail = (await api(app, 'GET', `/api/history/${history[0].id}`)).json;
    const frames = JSON.parse(detail.responseBody) as { direction: string; data: string }[];
    // Both sends are written before the first echo can arrive.
    expect(frames.map(({ direction, data }) => [direction, data])).toEqual([
      ['sent', 'hello'],
      ['sent', 'bye'],
      ['received', 'hello'],
    ]);
    expect(JSON.stringify(detail)).not.toContain('s3cret-token');
  });

  it('says why a connect failed: a refused port, an endpoint that is not a WebSocket', async () => {
    const projectId = await project();
    const refused = await connect(projectId, null, socketDraft({ path: 'ws://127.0.0.1:9/none' }));
    expect(refused.json).toMatchObject({ state: 'closed', error: expect.stringMatching(/ECONNREFUSED/) });
    const http = await connect(projectId, null, socketDraft({ kind: undefined, path: '/x' }));
    expect(http).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
  });

  it("refuses to send a WebSocket endpoint as an HTTP request, and leaves it out of a project's run", async () => {
    const projectId = await project();
    const sent = await api(app, 'POST', '/api/send', {
      requestId: 'ws-as-http',
      projectId,
      endpointId: null,
      environmentId: null,
      request: socketDraft(),
    });
    expect(sent).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect(sent.json.message).toMatch(/Connect opens it/);
    await api(app, 'POST', `/api/projects/${projectId}/endpoints`, socketDraft());
    const started = await api(app, 'POST', '/api/runs', { projectId });
    expect(started.status).toBe(201);
    const summary = async () => (await api(app, 'GET', `/api/runs/${started.json.id}`)).json.summary;
    await expect.poll(async () => (await summary()).status).not.toBe('running');
    expect((await summary()).requests.total).toBe(0);
  });

  it('answers an agent that sends a WebSocket endpoint with a clear VALIDATION error', async () => {
    const projectId = await project();
    const endpoint = (await api(app, 'POST', `/api/projects/${projectId}/endpoints`, socketDraft())).json;
    const sending = app.ui.sendForAgent({
      endpointId: endpoint.id,
      environmentId: null,
      overrides: { query: [], headers: [], body: null },
      timeoutMs: 5000,
    });
    await expect(sending).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/WebSocket endpoint.*not supported for agents yet/),
    });
  });
});
