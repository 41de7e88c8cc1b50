import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const draft = {
  name: 'List users',
  method: 'GET',
  path: '/users',
  queryParams: [{ key: 'page', value: '1' }],
  headers: [{ key: 'Accept', value: 'application/json' }],
  body: { mode: 'none' },
  auth: { type: 'none' },
  state: 'Designing',
};

async function newProject(name: string, baseUrl?: string): Promise<string> {
  const answer = await api(app, 'POST', '/api/projects', { name, ...(baseUrl === undefined ? {} : { baseUrl }) });
  expect(answer.status).toBe(201);
  return answer.json.id;
}

describe('projects', () => {
  it('creates, lists with base_url and endpoint count, renames and deletes a project', async () => {
    const id = await newProject('Shop', 'https://shop.example.com');
    const listed = (await api(app, 'GET', '/api/projects')).json.find((p: { projectId: string }) => p.projectId === id);
    expect(listed).toMatchObject({ name: 'Shop', baseUrl: 'https://shop.example.com', endpointCount: 0 });
    const renamed = await api(app, 'PATCH', `/api/projects/${id}`, { name: 'Shop v2', description: 'the store' });
    expect(renamed.json).toMatchObject({ id, name: 'Shop v2', description: 'the store' });
    expect((await api(app, 'DELETE', `/api/projects/${id}`)).status).toBe(204);
    expect(await api(app, 'GET', `/api/projects/${id}`)).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
  });

  it('refuses a project without a name and a base URL that is not absolute, with VALIDATION', async () => {
    expect((await api(app, 'POST', '/api/projects', {})).json.code).toBe('VALIDATION');
    const relative = await api(app, 'POST', '/api/projects', { name: 'X', baseUrl: 'api.example.com' });
    expect(relative).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
  });

  it('replaces the project variables with the list given, in one step', async () => {
    const id = await newProject('Vars', 'https://a.example.com');
    const set = await api(app, 'PUT', `/api/projects/${id}/variables`, {
      variables: [
        { key: 'base_url', value: 'https://b.example.com' },
        { key: 'userId', value: '7' },
      ],
    });
    expect(set.json).toEqual([
      { key: 'base_url', value: 'https://b.example.com' },
      { key: 'userId', value: '7' },
    ]);
    await api(app, 'PUT', `/api/projects/${id}/variables`, { variables: [{ key: 'userId', value: '8' }] });
    expect((await api(app, 'GET', `/api/projects/${id}`)).json.variables).toEqual([{ key: 'userId', value: '8' }]);
    const duplicate = await api(app, 'PUT', `/api/projects/${id}/variables`, {
      variables: [
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
      ],
    });
    expect(duplicate).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('a') },
    });
    expect((await api(app, 'GET', `/api/projects/${id}`)).json.variables).toEqual([{ key: 'userId', value: '8' }]);
  });

  it('creates the sample project only when asked, with folders, endpoints and an environment holding a secret', async () => {
    const sample = await api(app, 'POST', '/api/projects/sample');
    expect(sample.status).toBe(201);
    const tree = (await api(app, 'GET', `/api/projects/${sample.json.id}/tree`)).json;
    expect(tree.folders.map((folder: { name: string }) => folder.name).sort()).toEqual(['Posts', 'Users']);
    expect(tree.endpoints).toHaveLength(7);
    const environments = (await api(app, 'GET', `/api/projects/${sample.json.id}/environments`)).json;
    expect(environments.environments[0].variables).toEqual([
      { key: 'postId', value: '2', secret: false },
      { key: 'apiToken', value: '', secret: true, allowedHosts: ['jsonplaceholder.typicode.com'] },
    ]);
    expect(environments.activeEnvironmentId).toBe(environments.environments[0].id);
    const again = await api(app, 'POST', '/api/projects/sample');
    expect(again.json.name).toBe('Sample: JSONPlaceholder 2');
  });
});

describe('folders and endpoints', () => {
  it('creates, renames, moves and deletes folders and endpoints, and lists them as a tree', async () => {
    const projectId = await newProject('Tree');
    const users = (await api(app, 'POST', `/api/projects/${projectId}/folders`, { name: 'Users', parentId: null }))
      .json;
    const admin = (await api(app, 'POST', `/api/projects/${projectId}/folders`, { name: 'admin', parentId: users.id }))
      .json;
    const created = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, { ...draft, folderId: users.id });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ ...draft, folderId: users.id, projectId });

    const renamed = await api(app, 'PATCH', `/api/endpoints/${created.json.id}`, {
      name: 'All users',
      folderId: admin.id,
    });
    expect(renamed.json).toMatchObject({ name: 'All users', folderId: admin.id });
    const movedFolder = await api(app, 'PATCH', `/api/folders/${admin.id}`, { name: 'Admin', parentId: null });
    expect(movedFolder.json).toMatchObject({ name: 'Admin', parentId: null });

    const tree = await api(app, 'GET', `/api/projects/${projectId}/tree`);
    expect(tree.headers['content-type']).toBe('application/json; charset=utf-8');
    // Each endpoint as a row of values: id, folder, name, method, path, state.
    expect(tree.json.endpoints).toEqual([[created.json.id, admin.id, 'All users', 'GET', '/users', 'Designing']]);
    expect((await api(app, 'DELETE', `/api/folders/${admin.id}`)).status).toBe(204);
    expect((await api(app, 'GET', `/api/projects/${projectId}/tree`)).json).toEqual({
      folders: [expect.objectContaining({ id: users.id })],
      endpoints: [],
    });
  });

  it('saves every field of an edited endpoint and moves it when its folder changed', async () => {
    const projectId = await newProject('Save');
    const folder = (await api(app, 'POST', `/api/projects/${projectId}/folders`, { name: 'F' })).json;
    const { id } = (await api(app, 'POST', `/api/projects/${projectId}/endpoints`, draft)).json;
    const edited = {
      ...draft,
      method: 'POST',
      body: { mode: 'multipart', parts: [{ name: 'file', file: '/tmp/a.txt', contentType: 'text/plain' }] },
      auth: { type: 'apiKey', key: 'X-Key', value: '{{key}}', in: 'header' },
      state: 'Testing',
      folderId: folder.id,
    };
    const saved = await api(app, 'PUT', `/api/endpoints/${id}`, edited);
    expect(saved.json).toMatchObject(edited);
    expect((await api(app, 'GET', `/api/endpoints/${id}`)).json).toMatchObject(edited);
  });

  it('saves assertion rows and scripts with the endpoint, keeps them when left out, and clears them with [] and null', async () => {
    const projectId = await newProject('Checks');
    const tests = [
      { source: 'status', property: '', operator: 'eq', value: '200' },
      { source: 'jsonpath', property: '$.id', operator: 'isType', value: 'number', enabled: false },
    ];
    const scripts = { from: 'postman', preRequest: 'pm.variables.set("a", 1);', postResponse: '', tests: '' };
    const created = (await api(app, 'POST', `/api/projects/${projectId}/endpoints`, { ...draft, tests, scripts })).json;
    expect(created).toMatchObject({ tests, scripts });
    const edited = { ...draft, tests: [tests[1]], scripts: { ...scripts, postResponse: 'pm.test("ok", () => {});' } };
    expect((await api(app, 'PUT', `/api/endpoints/${created.id}`, edited)).json).toMatchObject(edited);
    expect((await api(app, 'GET', `/api/endpoints/${created.id}`)).json).toMatchObject(edited);
    expect((await api(app, 'PUT', `/api/endpoints/${created.id}`, draft)).json).toMatchObject(edited);
    const cleared = (await api(app, 'PUT', `/api/endpoints/${created.id}`, { ...draft, tests: [], scripts: null }))
      .json;
    expect(cleared).not.toHaveProperty('tests');
    expect(cleared).not.toHaveProperty('scripts');
    const wrong = { ...draft, tests: [{ source: 'status', property: '', operator: 'gt', value: 'fast' }] };
    expect(await api(app, 'PUT', `/api/endpoints/${created.id}`, wrong)).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('tests[0].value must be a number for gt') },
    });
  });

  it('refuses a malformed endpoint with VALIDATION naming the field, and an unknown one with NOT_FOUND', async () => {
    const projectId = await newProject('Bad');
    const badBody = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, { ...draft, body: { mode: 'xml' } });
    expect(badBody).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('body') },
    });
    const relative = await api(app, 'POST', `/api/projects/${projectId}/endpoints`, { ...draft, path: 'users' });
    expect(relative).toMatchObject({ status: 400, json: { message: expect.stringContaining('must start with /') } });
    expect((await api(app, 'GET', '/api/endpoints/missing')).json.code).toBe('NOT_FOUND');
    expect(await api(app, 'GET', '/api/projects/missing/tree')).toMatchObject({
      status: 404,
      json: { code: 'NOT_FOUND', message: expect.stringContaining('missing') },
    });
    expect((await api(app, 'DELETE', '/api/endpoints/missing')).json.code).toBe('NOT_FOUND');
  });

  it('imports a pasted cURL command into the open project through the control plane’s import rules', async () => {
    const projectId = await newProject('Paste', 'https://api.example.com');
    await newProject('Another project');
    const answer = await api(app, 'POST', `/api/projects/${projectId}/import-curl`, {
      command: "curl -X POST https://other.example.com/v1/orders -H 'Content-Type: application/json' -d '{\"a\":1}'",
      name: 'Create order',
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      projectId,
      name: 'Create order',
      method: 'POST',
      path: '/v1/orders',
      baseUrl: 'https://api.example.com',
      state: 'Designing',
      warning: expect.stringContaining('https://other.example.com'),
    });
    expect(app.store.endpoints.get(answer.json.endpointId)?.body).toEqual({ mode: 'json', text: '{"a":1}' });
    const notCurl = await api(app, 'POST', `/api/projects/${projectId}/import-curl`, { command: 'wget https://x' });
    expect(notCurl).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
  });
});

describe('environments and secrets', () => {
  it('stores a secret encrypted, never sends it to the page, and reveals it only when asked', async () => {
    const projectId = await newProject('Secrets');
    const environment = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Staging' })).json;
    const saved = await api(app, 'PUT', `/api/environments/${environment.id}/variables`, {
      variables: [
        { key: 'base_url', value: 'https://staging.example.com', secret: false },
        { key: 'token', value: 'plain-s3cret-value', secret: true },
      ],
    });
    expect(saved.json.variables).toEqual([
      { key: 'base_url', value: 'https://staging.example.com', secret: false },
      { key: 'token', value: '', secret: true, allowedHosts: ['staging.example.com'] },
    ]);
    const stored = app.store.environmentVariables.list(environment.id).find((v) => v.key === 'token');
    expect(stored?.value).toMatch(/^enc:v1:/);
    expect(app.secrets.decrypt(stored?.value ?? '')).toBe('plain-s3cret-value');
    const listed = await api(app, 'GET', `/api/projects/${projectId}/environments`);
    expect(listed.text).not.toContain('plain-s3cret-value');
    expect(listed.json.secretStorage).toEqual({
      keySource: 'file',
      description: expect.stringContaining(
        `encrypted with a key file at ${app.dataDir}/secret-key, readable only by you`,
      ),
      warning: null,
    });
    const revealed = await api(app, 'POST', `/api/environments/${environment.id}/reveal`, { key: 'token' });
    expect(revealed.json).toEqual({ value: 'plain-s3cret-value' });
    expect(readFileSync(app.databasePath).includes('plain-s3cret-value')).toBe(false);
  });

  it('keeps a secret sent back without a value, and refuses a missing value for anything else', async () => {
    const projectId = await newProject('Keep');
    const environment = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Prod' })).json;
    await api(app, 'PUT', `/api/environments/${environment.id}/variables`, {
      variables: [{ key: 'token', value: 'keep-me', secret: true }],
    });
    const before = app.store.environmentVariables.list(environment.id)[0]?.value;
    await api(app, 'PUT', `/api/environments/${environment.id}/variables`, {
      variables: [
        { key: 'host', value: 'h', secret: false },
        { key: 'token', secret: true },
      ],
    });
    expect(app.store.environmentVariables.list(environment.id)).toEqual([
      { environmentId: environment.id, key: 'host', value: 'h', secret: false },
      { environmentId: environment.id, key: 'token', value: before, secret: true, allowedHosts: [] },
    ]);
    const missing = await api(app, 'PUT', `/api/environments/${environment.id}/variables`, {
      variables: [{ key: 'host', secret: false }],
    });
    expect(missing).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: 'the variable host has no value; send one' },
    });
    expect(app.store.environmentVariables.list(environment.id)).toHaveLength(2);
  });

  it('switches, renames and deletes environments', async () => {
    const projectId = await newProject('Switch');
    const local = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Local' })).json;
    expect(
      (await api(app, 'PUT', `/api/projects/${projectId}/active-environment`, { environmentId: local.id })).status,
    ).toBe(204);
    expect((await api(app, 'PATCH', `/api/environments/${local.id}`, { name: 'Dev' })).json.name).toBe('Dev');
    let view = (await api(app, 'GET', `/api/projects/${projectId}/environments`)).json;
    expect(view).toMatchObject({ activeEnvironmentId: local.id, environments: [{ id: local.id, name: 'Dev' }] });
    await api(app, 'DELETE', `/api/environments/${local.id}`);
    view = (await api(app, 'GET', `/api/projects/${projectId}/environments`)).json;
    expect(view).toMatchObject({ activeEnvironmentId: null, environments: [] });
  });
});

describe('the Agent panel facts', () => {
  it('reports the control plane, token path and data dir, with a ready MCP config and curl example', async () => {
    const answer = await api(app, 'GET', '/api/agent');
    expect(answer.json).toEqual({
      running: true,
      address: 'http://127.0.0.1:4117',
      port: 4117,
      reason: null,
      tokenPath: `${app.dataDir}/agent-token`,
      dataDir: app.dataDir,
      flavor: 'dev',
      version: '0.1.0',
      mcpConfig: JSON.stringify({ mcpServers: { client: { command: '/opt/client/bin/client-mcp' } } }, null, 2),
      // Each agent's own set-up; checked in ui-server-agent-setup.test.ts.
      agentSetups: expect.any(Array),
      curlExample: [
        'curl -X POST http://127.0.0.1:4117/agent/curl',
        `-H "Authorization: Bearer $(cat ${app.dataDir}/agent-token)"`,
        "-H 'Content-Type: application/json'",
        `-d '{"command":"curl https://api.example.com/users/42"}'`,
      ].join(' \\\n  '),
    });
  });
});
