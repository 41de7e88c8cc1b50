import type { MockInfo, MockLogEntry } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../mocks/mock-control.test-support.js';
import { api, call, type EventReader, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let events: EventReader;
let projectId: string;
let folderId: string;

beforeAll(async () => {
  app = await startTestApp();
  events = await readEvents(app);
  projectId = (await api(app, 'POST', '/api/projects', { name: 'Shop' })).json.id;
  folderId = (await api(app, 'POST', `/api/projects/${projectId}/folders`, { name: 'Users', parentId: null })).json.id;
  const endpoint = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, {
    name: 'Get user',
    method: 'GET',
    path: '/users/{id}',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    folderId,
    examples: [
      { name: 'Ada', status: 200, headers: [{ key: 'Content-Type', value: 'application/json' }], body: '{"id":7}' },
    ],
  });
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  events?.close();
  await app?.close();
});

describe('/api/mocks', () => {
  it('starts a mock for the person, lists it, relays its requests, gives its log, and stops it', async () => {
    const port = await freePort();
    const started = await api(app, 'POST', '/api/mocks', {
      projectId,
      folderId,
      port,
      validate: false,
      delay: { minMs: 0, maxMs: 5 },
      corsOrigins: ['http://localhost:5173'],
    });
    expect(started.status).toBe(201);
    const mock = started.json as MockInfo;
    expect(mock).toMatchObject({
      projectId,
      projectName: 'Shop',
      folderId,
      port,
      url: `http://127.0.0.1:${port}`,
      validate: false,
      delay: { minMs: 0, maxMs: 5 },
      corsOrigins: ['http://localhost:5173'],
      startedBy: 'person',
    });
    expect(await events.next('mock-started')).toEqual({ mock });
    expect((await api(app, 'GET', '/api/mocks')).json).toEqual([mock]);

    const answered = events.next('mock-requests');
    const response = await fetch(`${mock.url}/users/7`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"id":7}');
    const { entries } = (await answered) as { entries: MockLogEntry[] };
    expect(entries).toEqual([
      expect.objectContaining({
        mockId: mock.id,
        method: 'GET',
        path: '/users/7',
        status: 200,
        endpointName: 'Get user',
        answer: 'Ada',
      }),
    ]);
    expect((await api(app, 'GET', `/api/mocks/${mock.id}/log`)).json).toEqual(entries);

    const stopped = await api(app, 'DELETE', `/api/mocks/${mock.id}`);
    expect(stopped).toMatchObject({ status: 200, json: { id: mock.id } });
    expect(await events.next('mock-stopped')).toEqual({ mock });
    expect((await api(app, 'GET', '/api/mocks')).json).toEqual([]);
    await expect(fetch(`${mock.url}/users/7`)).rejects.toThrow();
    expect(await api(app, 'DELETE', `/api/mocks/${mock.id}`)).toMatchObject({
      status: 404,
      json: { code: 'NOT_FOUND' },
    });
    expect(await api(app, 'GET', `/api/mocks/${mock.id}/log`)).toMatchObject({ status: 404 });
  });

  it('refuses a reversed delay, an origin that is not one, a port out of range and an unknown project', async () => {
    const reversed = await api(app, 'POST', '/api/mocks', { projectId, delay: { minMs: 500, maxMs: 100 } });
    expect(reversed).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('maxMs') },
    });
    const origin = await api(app, 'POST', '/api/mocks', { projectId, corsOrigins: ['localhost:5173/app'] });
    expect(origin).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    const port = await api(app, 'POST', '/api/mocks', { projectId, port: 70_000 });
    expect(port).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    const unknown = await api(app, 'POST', '/api/mocks', { projectId: 'nope', port: await freePort() });
    expect(unknown).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
    expect((await api(app, 'GET', '/api/mocks')).json).toEqual([]);
  });

  it('answers only a window with its session, like every route', async () => {
    const anonymous = await call(app.ui.port, 'GET', '/api/mocks');
    expect(anonymous).toMatchObject({ status: 401, json: { code: 'UNAUTHORIZED' } });
    const started = await call(app.ui.port, 'POST', '/api/mocks', { body: { projectId } });
    expect(started.status).toBe(401);
    expect((await api(app, 'GET', '/api/mocks')).json).toEqual([]);
  });
});
