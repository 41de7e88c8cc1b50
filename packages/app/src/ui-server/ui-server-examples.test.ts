import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let projectId: string;
beforeAll(async () => {
  app = await startTestApp();
  projectId = (await api(app, 'POST', '/api/projects', { name: 'Shop', baseUrl: 'https://shop.example.com' })).json.id;
});
afterAll(() => app.close());

const draft = {
  name: 'Get user',
  method: 'GET',
  path: '/users/{id}',
  queryParams: [],
  headers: [],
  body: { mode: 'none' },
  auth: { type: 'none' },
  state: 'Designing',
};

const found = {
  name: '200 OK',
  status: 200,
  headers: [{ key: 'Content-Type', value: 'application/json' }],
  body: '{"id":7}',
};
const missing = {
  name: 'Not found',
  status: 404,
  headers: [],
  body: '',
  mockStatus: 410,
  delay: { minMs: 100, maxMs: 400 },
};

async function newEndpoint(): Promise<string> {
  const created = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, draft);
  expect(created.status).toBe(201);
  return created.json.id;
}

describe('examples saved with the endpoint', () => {
  it('keeps the examples the editor saves, keeps them when a save leaves them out, and clears them with []', async () => {
    const id = await newEndpoint();
    const saved = await api(app, 'PUT', `/api/endpoints/${id}`, { ...draft, examples: [found, missing] });
    expect(saved.status).toBe(200);
    expect((await api(app, 'GET', `/api/endpoints/${id}`)).json.examples).toEqual([found, missing]);
    await api(app, 'PUT', `/api/endpoints/${id}`, { ...draft, name: 'Get one user' });
    expect((await api(app, 'GET', `/api/endpoints/${id}`)).json.examples).toEqual([found, missing]);
    await api(app, 'PUT', `/api/endpoints/${id}`, { ...draft, examples: [] });
    expect((await api(app, 'GET', `/api/endpoints/${id}`)).json).not.toHaveProperty('examples');
  });

  it('refuses two examples of one name and a status outside 100–599, naming the field', async () => {
    const id = await newEndpoint();
    const twice = await api(app, 'PUT', `/api/endpoints/${id}`, { ...draft, examples: [found, found] });
    expect(twice).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('examples[1].name') },
    });
    const odd = await api(app, 'PUT', `/api/endpoints/${id}`, { ...draft, examples: [{ ...found, status: 99 }] });
    expect(odd).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('examples[0].status') },
    });
  });
});

describe('POST /api/endpoints/:id/examples (save as example)', () => {
  it('adds the example after the stored ones and changes nothing else of the endpoint', async () => {
    const id = await newEndpoint();
    await api(app, 'PUT', `/api/endpoints/${id}`, { ...draft, examples: [found] });
    const added = await api(app, 'POST', `/api/endpoints/${id}/examples`, { example: missing });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ id, name: 'Get user', examples: [found, missing] });
    expect((await api(app, 'GET', `/api/endpoints/${id}`)).json.examples).toEqual([found, missing]);
  });

  it('refuses a name the endpoint already has, and an endpoint that does not exist', async () => {
    const id = await newEndpoint();
    await api(app, 'POST', `/api/endpoints/${id}/examples`, { example: found });
    const again = await api(app, 'POST', `/api/endpoints/${id}/examples`, { example: found });
    expect(again).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('"200 OK"') },
    });
    const gone = await api(app, 'POST', '/api/endpoints/nope/examples', { example: found });
    expect(gone).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
  });
});
