import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { EndpointListing, ImportResult, ProjectListing } from '@client/core';
import { openStore } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, runClientCommand, startAppProcess } from './support/app-process.js';

let app: AppProcess;

beforeEach(async () => {
  app = await startAppProcess();
});
afterEach(cleanupAppProcesses);

const importCurl = (body: unknown) => app.request('POST', '/agent/curl', { body });
const projects = async () => (await app.request('GET', '/agent/projects')).json as ProjectListing[];
const endpoints = async (projectId: string) =>
  (await app.request('GET', `/agent/endpoints/${projectId}`)).json as EndpointListing[];

async function createProject(name: string, baseUrl?: string): Promise<ProjectListing> {
  const args = ['project', 'create', name, ...(baseUrl === undefined ? [] : ['--base-url', baseUrl])];
  const result = await runClientCommand(args, { dataDir: app.dataDir });
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as ProjectListing;
}

/** Nothing was written: no project, no endpoint beyond what the test made. */
async function expectEndpointCounts(counts: Record<string, number>): Promise<void> {
  expect(Object.fromEntries((await projects()).map((project) => [project.name, project.endpointCount]))).toEqual(
    counts,
  );
}

describe('choosing the project', () => {
  it('creates "Agent imports" on a fresh install and imports into it', async () => {
    const answer = await importCurl({ command: 'curl https://api.example.com/v1/users/42' });
    expect(answer.status).toBe(201);
    const [project] = await projects();
    expect(answer.json).toEqual({
      endpointId: expect.any(String),
      projectId: project?.projectId,
      folderId: null,
      name: '42',
      method: 'GET',
      baseUrl: 'https://api.example.com',
      path: '/v1/users/42',
      queryParams: [],
      state: 'Designing',
    });
    expect(await projects()).toEqual([
      expect.objectContaining({ name: 'Agent imports', baseUrl: 'https://api.example.com', endpointCount: 1 }),
    ]);
  });

  it('uses the only project when there is one', async () => {
    const shop = await createProject('Shop');
    const answer = await importCurl({ command: 'curl https://shop.example/items' });
    expect(answer.json).toMatchObject({ projectId: shop.projectId, name: 'items' });
    await expectEndpointCounts({ Shop: 1 });
  });

  it('refuses to guess among several projects and lists every candidate by name and id', async () => {
    const shop = await createProject('Shop');
    const billing = await createProject('Billing');
    const answer = await importCurl({ command: 'curl https://shop.example/items' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'VALIDATION',
      message: `several projects exist and no projectId was given; pass projectId, one of: Billing (${billing.projectId}), Shop (${shop.projectId})`,
    });
    await expectEndpointCounts({ Billing: 0, Shop: 0 });
  });

  it.each([
    ['camelCase', 'projectId'],
    ['snake_case', 'project_id'],
  ])('imports into the project named by %s', async (_case, field) => {
    await createProject('Shop');
    const billing = await createProject('Billing');
    const answer = await importCurl({ command: 'curl https://billing.example/invoices', [field]: billing.projectId });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ projectId: billing.projectId, name: 'invoices' });
    await expectEndpointCounts({ Billing: 1, Shop: 0 });
  });

  it('answers 404 for an unknown project and writes nothing', async () => {
    const answer = await importCurl({ command: 'curl https://shop.example/items', projectId: 'no-such-project' });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('"no-such-project"') });
    expect(await projects()).toEqual([]);
  });
});

describe('folders', () => {
  it('imports into a folder of the project, given in camelCase or snake_case', async () => {
    const shop = await createProject('Shop');
    const store = openStore(join(app.dataDir, 'client.db'));
    const folder = store.folders.create({ projectId: shop.projectId, name: 'Orders' });
    store.close();
    for (const field of ['folderId', 'folder_id']) {
      const answer = await importCurl({ command: 'curl https://shop.example/orders', [field]: folder.id });
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({ folderId: folder.id });
    }
    expect((await endpoints(shop.projectId)).map((endpoint) => endpoint.folderId)).toEqual([folder.id, folder.id]);
  });

  it("answers 404 for an unknown folder or another project's folder, and writes nothing", async () => {
    const shop = await createProject('Shop');
    const billing = await createProject('Billing');
    const store = openStore(join(app.dataDir, 'client.db'));
    const billingFolder = store.folders.create({ projectId: billing.projectId, name: 'Invoices' });
    store.close();
    for (const folderId of [randomUUID(), billingFolder.id]) {
      const answer = await importCurl({ command: 'curl https://shop.example/x', projectId: shop.projectId, folderId });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining(folderId) });
    }
    await expectEndpointCounts({ Billing: 0, Shop: 0 });
    expect((await projects()).find((project) => project.name === 'Shop')?.baseUrl).toBeNull();
  });
});

describe('base_url', () => {
  it('writes the origin into a project that has none', async () => {
    const shop = await createProject('Shop');
    expect(shop.baseUrl).toBeNull();
    await importCurl({ command: 'curl http://localhost:8080/api/items' });
    expect((await projects())[0]?.baseUrl).toBe('http://localhost:8080');
  });

  it('leaves an equal base_url alone and gives no warning', async () => {
    await createProject('Shop', 'https://shop.example');
    const answer = await importCurl({ command: 'curl https://shop.example:443/items' });
    expect(answer.status).toBe(201);
    expect(answer.json).not.toHaveProperty('warning');
    expect(answer.json).toMatchObject({ baseUrl: 'https://shop.example' });
  });

  it('never overwrites a different base_url, saves the endpoint anyway and warns where it will be sent', async () => {
    const shop = await createProject('Shop', 'https://shop.example');
    const answer = await importCurl({ command: 'curl https://staging.shop.example/v2/items?page=2' });
    expect(answer.status).toBe(201);
    const result = answer.json as ImportResult;
    expect(result).toMatchObject({ baseUrl: 'https://shop.example', path: '/v2/items' });
    expect(result.warning).toContain('https://shop.example/v2/items');
    expect(result.warning).toContain('https://staging.shop.example');
    expect(result.warning).toContain('environment');
    expect((await projects())[0]?.baseUrl).toBe('https://shop.example');
    expect(await endpoints(shop.projectId)).toHaveLength(1);
  });
});

describe('the endpoint', () => {
  it('keeps method, headers, body, auth and query, in state Designing, and lists it with secrets masked', async () => {
    const command =
      "curl -X PUT 'https://api.example.com/v1/items/7?expand=owner&tag=a&tag=b' " +
      "-H 'Authorization: Bearer s3cr3t' -H 'X-Trace: 1' --json '{\"name\":\"Lamp\"}'";
    const answer = await importCurl({ command, name: 'Update item' });
    expect(answer.status).toBe(201);
    const result = answer.json as ImportResult;
    expect(result).toMatchObject({
      name: 'Update item',
      method: 'PUT',
      path: '/v1/items/7',
      queryParams: [
        { key: 'expand', value: 'owner' },
        { key: 'tag', value: 'a' },
        { key: 'tag', value: 'b' },
      ],
      state: 'Designing',
    });
    const [listed] = await endpoints(result.projectId);
    expect(listed).toEqual({
      endpointId: result.endpointId,
      projectId: result.projectId,
      folderId: null,
      name: 'Update item',
      method: 'PUT',
      baseUrl: 'https://api.example.com',
      path: '/v1/items/7',
      queryParams: result.queryParams,
      headers: expect.arrayContaining([
        { key: 'Authorization', value: '••••' },
        { key: 'X-Trace', value: '1' },
      ]),
      body: { mode: 'json', text: '{"name":"Lamp"}' },
      auth: expect.any(Object),
      state: 'Designing',
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain('s3cr3t');
  });

  it('names the endpoint after the last non-empty path segment, decoded, else the host', async () => {
    const names = [];
    for (const url of ['https://api.example.com/v1/user%20groups/', 'https://api.example.com', 'api.example.com/a//']) {
      names.push(((await importCurl({ command: `curl ${url}` })).json as ImportResult).name);
    }
    expect(names).toEqual(['user groups', 'api.example.com', 'a']);
  });

  it('keeps {{variables}} in the URL literally', async () => {
    const answer = await importCurl({ command: 'curl "{{host}}/users/{{id}}?q={{term}}"' });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ path: '/users/{{id}}', queryParams: [{ key: 'q', value: '{{term}}' }] });
  });
});

describe('refused requests', () => {
  it.each([
    ['malformed JSON', '{"command": "curl https://a.example', 'not valid JSON'],
    ['a missing command', '{"name": "x"}', 'command is required'],
    ['a null command', '{"command": null}', 'command is required'],
    ['a non-string command', '{"command": ["curl", "https://a.example"]}', 'command must be a string'],
    ['a command that is not curl', '{"command": "wget https://a.example"}', 'not a curl command'],
    ['an unbalanced quote', '{"command": "curl \'https://a.example"}', 'unbalanced quote'],
    ['a non-string projectId', '{"command": "curl https://a.example", "projectId": 7}', 'projectId'],
    [
      'both spellings with different values',
      '{"command": "curl https://a.example", "projectId": "a", "project_id": "b"}',
      'both sent',
    ],
  ])('answers %s with 400 VALIDATION and writes nothing', async (_case, body, hint) => {
    const answer = await app.request('POST', '/agent/curl', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining(hint) });
    expect(await projects()).toEqual([]);
  });

  it('ignores unknown fields and reads null as absent', async () => {
    const answer = await importCurl({ command: 'curl https://a.example/x', projectId: null, colour: 'blue' });
    expect(answer.status).toBe(201);
  });

  it('answers 404 for the endpoints of an unknown project', async () => {
    const answer = await app.request('GET', '/agent/endpoints/no-such-project');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('GET /agent/projects') });
  });
});
