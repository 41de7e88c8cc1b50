import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let served: Server;
let servedUrl: string;

const OPENAPI = `openapi: 3.0.3
info: { title: Shop, version: '1' }
servers: [{ url: https://shop.example.com/v1 }]
components:
  securitySchemes:
    token: { type: http, scheme: bearer }
security: [{ token: [] }]
paths:
  /orders:
    get: { tags: [Orders], operationId: listOrders, responses: { '200': { description: ok } } }
    post:
      tags: [Orders]
      operationId: createOrder
      requestBody:
        content:
          application/json: { example: { sku: A1, quantity: 2 } }
      responses: { '201': { description: created } }
  /health:
    get: { operationId: health, security: [], responses: { '200': { description: ok } } }
`;

const POSTMAN = JSON.stringify({
  info: { name: 'Echo', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  variable: [{ key: 'base_url', value: 'https://echo.example.com' }],
  item: [
    {
      name: 'Things',
      item: [
        { name: 'Get thing', request: { method: 'GET', url: '{{base_url}}/things/1' } },
        {
          name: 'Make thing',
          event: [{ listen: 'prerequest', script: { exec: ['pm.environment.set("x", 1)'] } }],
          request: {
            method: 'POST',
            url: '{{base_url}}/things',
            body: { mode: 'raw', raw: '{"a":1}', options: { raw: { language: 'json' } } },
          },
        },
      ],
    },
  ],
});

beforeAll(async () => {
  app = await startTestApp();
  served = createServer((request, response) => {
    if (request.url === '/shop.yaml') response.end(OPENAPI);
    else if (request.url === '/big.json') response.end(`{"x":"${'a'.repeat(65 * 1024 * 1024)}"}`);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
  servedUrl = `http://127.0.0.1:${(served.address() as AddressInfo).port}`;
});
afterAll(async () => {
  served.close();
  await app.close();
});

const projectNames = async (): Promise<string[]> =>
  (await api(app, 'GET', '/api/projects')).json.map((project: { name: string }) => project.name);

describe('import preview and apply', () => {
  it('previews pasted OpenAPI: counts, folders, base URL and auth, and writes nothing', async () => {
    const before = await projectNames();
    const answer = await api(app, 'POST', '/api/imports/preview', { source: { kind: 'text', text: OPENAPI } });
    expect(answer.status).toBe(200);
    const { preview, outcome } = answer.json;
    expect(preview).toMatchObject({
      format: 'openapi',
      name: 'Shop',
      baseUrl: 'https://shop.example.com/v1',
      counts: { folders: 1, endpoints: 3, environments: 0 },
    });
    expect(preview.tree.folders.map((folder: { name: string }) => folder.name)).toEqual(['Orders']);
    expect(preview.tree.folders[0].endpoints.map((e: { method: string }) => e.method)).toEqual(['GET', 'POST']);
    expect(preview.auth).toEqual([
      { type: 'bearer', count: 2 },
      { type: 'none', count: 1 },
    ]);
    expect(outcome).toMatchObject({ projectId: null, createdProject: true, created: { folders: 1, endpoints: 3 } });
    expect(await projectNames()).toEqual(before);
  });

  it('imports a Postman collection into a new project in one step, reports its script, and announces it', async () => {
    const events = await readEvents(app);
    const answer = await api(app, 'POST', '/api/imports', { source: { kind: 'text', text: POSTMAN } });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ projectName: 'Echo', created: { folders: 1, endpoints: 2 } });
    expect(JSON.stringify([answer.json.skipped, answer.json.warnings])).toMatch(/script/i);
    await events.next('projects-changed');
    events.close();
    const tree = (await api(app, 'GET', `/api/projects/${answer.json.projectId}/tree`)).json;
    expect(tree.folders.map((folder: { name: string }) => folder.name)).toEqual(['Things']);
    expect(tree.endpoints.map(([, , , method, path]: string[]) => `${method} ${path}`).sort()).toEqual([
      'GET /things/1',
      'POST /things',
    ]);
  });

  it('merges into an existing project on method and path: update, skip or duplicate', async () => {
    const first = (await api(app, 'POST', '/api/imports', { source: { kind: 'text', text: OPENAPI } })).json;
    const changed = OPENAPI.replace('/health:', '/ready:');
    const merge = (onMatch: string) =>
      api(app, 'POST', '/api/imports', {
        source: { kind: 'text', text: changed },
        projectId: first.projectId,
        onMatch,
      });
    const preview = await api(app, 'POST', '/api/imports/preview', {
      source: { kind: 'text', text: changed },
      projectId: first.projectId,
      onMatch: 'skip',
    });
    expect(preview.json.outcome).toMatchObject({ createdProject: false, created: { endpoints: 1 } });
    expect(preview.json.outcome.skipped.map((s: { item: string }) => s.item)).toEqual(['GET /orders', 'POST /orders']);
    expect((await merge('skip')).json).toMatchObject({ created: { endpoints: 1 }, updated: { endpoints: 0 } });
    expect((await merge('update')).json).toMatchObject({ created: { endpoints: 0 }, updated: { endpoints: 3 } });
    expect((await merge('duplicate')).json).toMatchObject({ created: { endpoints: 3 }, updated: { endpoints: 0 } });
    const tree = (await api(app, 'GET', `/api/projects/${first.projectId}/tree`)).json;
    expect(tree.endpoints).toHaveLength(7);
  });

  it('reads a Bruno folder from the files the browser picked, below the folder name', async () => {
    const files = [
      { path: 'cms/bruno.json', text: '{"version":"1","name":"CMS","type":"collection"}' },
      {
        path: 'cms/Products/List products.bru',
        text: 'meta {\n  name: List products\n  type: http\n  seq: 1\n}\n\nget {\n  url: {{host}}/products\n  body: none\n  auth: none\n}\n',
      },
      { path: 'cms/environments/Local.bru', text: 'vars {\n  host: http://localhost:8096\n}\n' },
    ];
    const answer = await api(app, 'POST', '/api/imports/preview', { source: { kind: 'files', files } });
    expect(answer.status).toBe(200);
    expect(answer.json.preview).toMatchObject({
      format: 'bruno',
      name: 'CMS',
      counts: { folders: 1, endpoints: 1, environments: 1 },
    });
  });

  it('fetches an http address, and refuses other schemes and documents over the size limit', async () => {
    const fetched = await api(app, 'POST', '/api/imports/preview', {
      source: { kind: 'url', url: `${servedUrl}/shop.yaml` },
    });
    expect(fetched.json.preview).toMatchObject({ name: 'Shop', counts: { endpoints: 3 } });
    for (const url of ['file:///etc/passwd', '/etc/passwd', 'ftp://example.com/x.json']) {
      const refused = await api(app, 'POST', '/api/imports/preview', { source: { kind: 'url', url } });
      expect(refused).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    }
    const big = await api(app, 'POST', '/api/imports/preview', {
      source: { kind: 'url', url: `${servedUrl}/big.json` },
    });
    expect(big).toMatchObject({ status: 413, json: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers a broken document with VALIDATION and writes nothing', async () => {
    const before = await projectNames();
    const broken = await api(app, 'POST', '/api/imports', { source: { kind: 'text', text: '{"openapi": "3.0.0", ' } });
    expect(broken).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect(broken.json.message).toMatch(/not valid JSON/);
    const unknownProject = await api(app, 'POST', '/api/imports', {
      source: { kind: 'text', text: OPENAPI },
      projectId: 'nope',
    });
    expect(unknownProject).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
    expect(await projectNames()).toEqual(before);
  });
});

describe('export and backup', () => {
  it('exports a project as OpenAPI 3.1 and as Postman v2.1, and a folder alone', async () => {
    const { projectId } = (await api(app, 'POST', '/api/imports', { source: { kind: 'text', text: OPENAPI } })).json;
    const openapi = await api(app, 'GET', `/api/projects/${projectId}/export?format=openapi`);
    expect(openapi.status).toBe(200);
    expect(openapi.json.fileName).toMatch(/\.openapi\.json$/);
    const document = JSON.parse(openapi.json.text);
    expect(document.openapi).toMatch(/^3\.1/);
    expect(Object.keys(document.paths).sort()).toEqual(['/health', '/orders']);
    const postman = JSON.parse((await api(app, 'GET', `/api/projects/${projectId}/export?format=postman`)).json.text);
    expect(postman.info.schema).toMatch(/v2\.1/);
    const { folders } = (await api(app, 'GET', `/api/projects/${projectId}/tree`)).json;
    const folder = await api(app, 'GET', `/api/projects/${projectId}/export?format=openapi&folderId=${folders[0].id}`);
    expect(Object.keys(JSON.parse(folder.json.text).paths)).toEqual(['/orders']);
    const wrong = await api(app, 'GET', `/api/projects/${projectId}/export?format=har`);
    expect(wrong).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
  });

  it('backs up every project, secrets only sealed with a passphrase of 8 characters or more', async () => {
    const plain = await api(app, 'POST', '/api/backup', {});
    expect(plain.status).toBe(200);
    expect(plain.json.secrets).toBe('left out');
    const file = JSON.parse(plain.json.text);
    expect(file.secrets).toBeNull();
    expect(file.projects.length).toBe(plain.json.projects);
    const short = await api(app, 'POST', '/api/backup', { passphrase: 'short' });
    expect(short).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    const sealed = await api(app, 'POST', '/api/backup', { passphrase: 'correct horse battery' });
    expect(JSON.parse(sealed.json.text).secrets).toMatchObject({ kdf: 'scrypt' });
  });

  it('restores a backup as new projects, its secrets opened with the passphrase, and refuses a bad file', async () => {
    const { json: project } = await api(app, 'POST', '/api/projects', { name: 'Vault' });
    const environment = JSON.stringify({
      name: 'Live',
      _postman_variable_scope: 'environment',
      values: [{ key: 'apiKey', value: 's3cret', type: 'secret', enabled: true }],
    });
    const imported = await api(app, 'POST', '/api/imports', {
      source: { kind: 'text', text: environment },
      projectId: project.id,
    });
    expect(imported).toMatchObject({ status: 201, json: { created: { environments: 1 } } });
    const sealed = (await api(app, 'POST', '/api/backup', { passphrase: 'correct horse battery' })).json.text;
    const before = (await api(app, 'GET', '/api/projects')).json.length;

    const wrong = await api(app, 'POST', '/api/restore', { text: sealed, passphrase: 'not the passphrase' });
    expect(wrong).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringMatching(/passphrase/) },
    });
    const damaged = await api(app, 'POST', '/api/restore', { text: '{"format":"something else"}' });
    expect(damaged).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect((await api(app, 'GET', '/api/projects')).json.length).toBe(before);

    const events = await readEvents(app);
    const restored = await api(app, 'POST', '/api/restore', { text: sealed, passphrase: 'correct horse battery' });
    expect(restored.status).toBe(201);
    expect(restored.json.secretsInFile).toBe(true);
    expect(restored.json.warnings).toEqual([]);
    const vault = restored.json.projects.find((entry: { name: string }) => entry.name.startsWith('Vault'));
    expect(vault.name).toBe('Vault (restored 2)');
    expect(await events.next('projects-changed')).toBeDefined();
    const [live] = (await api(app, 'GET', `/api/projects/${vault.projectId}/environments`)).json.environments;
    const revealed = await api(app, 'POST', `/api/environments/${live.id}/reveal`, { key: 'apiKey' });
    expect(revealed.json).toEqual({ value: 's3cret' });

    const withoutSecrets = await api(app, 'POST', '/api/restore', { text: sealed });
    expect(withoutSecrets.json.warnings).toContain(
      'Vault (restored 3) / Live: secret apiKey was not in the backup and is empty',
    );
  });

  it('refuses a Postman environment without a project to go into', async () => {
    const environment = JSON.stringify({ name: 'Loose', _postman_variable_scope: 'environment', values: [] });
    const refused = await api(app, 'POST', '/api/imports/preview', { source: { kind: 'text', text: environment } });
    expect(refused).toMatchObject({
      status: 400,
      json: { code: 'VALIDATION', message: expect.stringContaining('existing project') },
    });
  });
});
