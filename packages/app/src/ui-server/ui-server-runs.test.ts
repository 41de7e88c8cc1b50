import type { LoadResult, RunEvent, SendOutcome, StoredRun } from '@client/core';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type EventReader,
  endpointDraft,
  readEvents,
  startTargetServer,
  startTestApp,
  type TestApp,
} from './ui-server.test-support.js';

const SECRET = 'sk_live_never-in-the-window';

let app: TestApp;
let events: EventReader;
let target: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;
let environmentId: string;

beforeAll(async () => {
  app = await startTestApp();
  events = await readEvents(app);
  target = await startTargetServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url.startsWith('/login'))
      return response.end(JSON.stringify({ token: 'tok-1', key: request.headers['x-key'] }));
    if (request.url.startsWith('/hang')) return;
    response.end(JSON.stringify({ auth: request.headers.authorization ?? null, n: 7 }));
  });
  projectId = app.store.projects.create({ name: 'Shop', baseUrl: target.origin }).id;
  environmentId = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json.id;
  await api(app, 'PUT', `/api/environments/${environmentId}/variables`, {
    variables: [{ key: 'api_key', value: SECRET, secret: true }],
  });
});
afterAll(async () => {
  events.close();
  await target.close();
  await app.close();
});

async function send(
  draft: Parameters<typeof endpointDraft>[0],
  endpointId: string | null = null,
): Promise<SendOutcome> {
  const answer = await api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId,
    environmentId,
    request: endpointDraft(draft),
  });
  expect(answer.status).toBe(200);
  return answer.json as SendOutcome;
}

describe('a Send with assertion rows and scripts', () => {
  it('answers with each row’s verdict and actual value, the tests, the console, and the variables set', async () => {
    const outcome = await send({
      path: '/login',
      headers: [{ key: 'X-Key', value: '{{api_key}}' }],
      tests: [
        { source: 'status', property: '', operator: 'eq', value: '200' },
        { source: 'jsonpath', property: '$.token', operator: 'eq', value: 'tok-2' },
        { source: 'header', property: 'content-type', operator: 'contains', value: 'json', enabled: false },
      ],
      scripts: {
        from: 'postman',
        preRequest: '',
        postResponse: '',
        tests: `
          pm.environment.set("token", pm.response.json().token);
          console.log("key", pm.environment.get("api_key"), pm.response.json().key);
          pm.test("echoes the key", () => pm.expect(pm.response.json().key).to.equal(pm.environment.get("api_key")));`,
      },
    });
    if (outcome.outcome !== 'response') throw new Error(JSON.stringify(outcome));
    const checks = outcome.checks;
    expect(checks?.rows).toEqual([
      { assertion: 'status eq 200', passed: true, actual: '200' },
      {
        assertion: 'jsonpath $.token eq tok-2',
        passed: false,
        actual: 'tok-1',
        message: expect.stringContaining('tok-2'),
      },
      { assertion: 'header content-type contains json', passed: true, skipped: true, actual: null },
    ]);
    expect(checks?.tests).toEqual([{ assertion: 'echoes the key' }]);
    expect(checks?.console).toEqual([{ level: 'log', text: 'key •••• ••••' }]);
    expect(checks?.variables).toEqual([{ layer: 'environment', name: 'token', value: 'tok-1', secret: false }]);
    // The body is the person's own to read; what the scripts and rows report is scrubbed.
    expect(JSON.stringify(checks)).not.toContain(SECRET);

    // Kept only when the person says so.
    const variables = () => app.store.environmentVariables.list(environmentId).map((variable) => variable.key);
    expect(variables()).not.toContain('token');
    const kept = await api(app, 'POST', '/api/send/variables', {
      checksId: checks?.id,
      keep: [{ layer: 'environment', name: 'token' }],
    });
    expect(kept.status).toBe(204);
    expect(app.store.environmentVariables.list(environmentId).find((v) => v.key === 'token')?.value).toBe('tok-1');
    const unknown = await api(app, 'POST', '/api/send/variables', { checksId: 'gone', keep: [] });
    expect(unknown.status).toBe(404);
  });

  it('runs the project’s and the folder’s scripts around an endpoint of that folder, set through their routes', async () => {
    const folder = app.store.folders.create({ projectId, name: 'Auth', parentId: null });
    const pre = (code: string) => ({ from: 'postman', preRequest: code, postResponse: '', tests: '' });
    const project = await api(
      app,
      'PUT',
      `/api/projects/${projectId}/scripts`,
      pre('pm.request.headers.add({key: "Authorization", value: "from-project"})'),
    );
    expect(project.json).toEqual(pre('pm.request.headers.add({key: "Authorization", value: "from-project"})'));
    await api(
      app,
      'PUT',
      `/api/folders/${folder.id}/scripts`,
      pre(
        'pm.request.headers.upsert({key: "Authorization", value: pm.request.headers.get("Authorization") + "+folder"})',
      ),
    );
    expect((await api(app, 'GET', `/api/folders/${folder.id}/scripts`)).json.preRequest).toContain('+folder');
    const endpoint = app.store.endpoints.create(projectId, folder.id, endpointDraft({ path: '/me' }));
    const outcome = await send({ path: '/me' }, endpoint.id);
    expect(outcome.outcome === 'response' && JSON.parse(outcome.body ?? '{}').auth).toBe('from-project+folder');
    expect((await api(app, 'PUT', `/api/projects/${projectId}/scripts`, null)).json).toBeNull();
    await api(app, 'PUT', `/api/folders/${folder.id}/scripts`, null);
    const bad = await api(app, 'PUT', `/api/folders/${folder.id}/scripts`, { from: 'nobody' });
    expect(bad.status).toBe(400);
  });

  it('sends an endpoint without scripts or rows as before, with no checks', async () => {
    const outcome = await send({ path: '/plain' });
    expect(outcome.outcome).toBe('response');
    expect(outcome.outcome === 'response' && outcome.checks).toBeUndefined();
  });
});

describe('runs in the runner view', () => {
  it('runs a folder with a data file, streams its progress, keeps it, and writes both reports', async () => {
    const folder = app.store.folders.create({ projectId, name: 'Checkout', parentId: null });
    const login = app.store.endpoints.create(projectId, folder.id, {
      ...endpointDraft({ name: 'login', path: '/login', queryParams: [{ key: 'user', value: '{{user}}' }] }),
      scripts: {
        from: 'postman',
        preRequest: '',
        postResponse: '',
        tests: 'pm.environment.set("token", pm.response.json().token)',
      },
    });
    const order = app.store.endpoints.create(projectId, folder.id, {
      ...endpointDraft({
        name: 'order',
        path: '/order',
        headers: [{ key: 'Authorization', value: 'Bearer {{token}}' }],
      }),
      tests: [{ source: 'jsonpath', property: '$.auth', operator: 'eq', value: 'Bearer tok-1' }],
    });
    const started = await api(app, 'POST', '/api/runs', {
      projectId,
      folderId: folder.id,
      environmentId,
      dataFile: { name: 'users.csv', text: 'user\nann\nbob\n' },
    });
    expect(started.status).toBe(201);
    const runId = started.json.id as string;
    expect(started.json).toMatchObject({ status: 'running', iterations: 2, name: 'Shop / Checkout', source: 'person' });
    const runEvents = () =>
      events
        .received()
        .filter((event) => event.type === 'run-event')
        .map((event) => event.data as RunEvent)
        .filter(
          (event) => (event.type === 'started' || event.type === 'finished' ? event.summary.id : event.runId) === runId,
        );
    await expect.poll(() => runEvents().at(-1)?.type, { timeout: 10_000 }).toBe('finished');
    const run = (await api(app, 'GET', `/api/runs/${runId}`)).json as StoredRun;
    expect(run.summary).toMatchObject({
      status: 'passed',
      requests: { total: 4, failed: 0 },
      assertions: { total: 2, failed: 0 },
    });
    expect(run.result.executions.map((execution) => execution.item.id)).toEqual([
      login.id,
      order.id,
      login.id,
      order.id,
    ]);
    expect(runEvents().map((event) => event.type)).toEqual([
      'started',
      'sending',
      'executed',
      'sending',
      'executed',
      'sending',
      'executed',
      'sending',
      'executed',
      'finished',
    ]);
    expect((await api(app, 'GET', `/api/projects/${projectId}/runs`)).json[0]).toMatchObject({
      id: runId,
      status: 'passed',
    });

    const json = await api(app, 'GET', `/api/runs/${runId}/report?format=json`);
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="run-.*\.json"/);
    expect(json.json.run.stats.requests).toEqual({ total: 4, pending: 0, failed: 0 });
    const junit = await api(app, 'GET', `/api/runs/${runId}/report?format=junit`);
    const xml = new XMLParser({ ignoreAttributes: false }).parse(junit.text);
    expect(xml.testsuites.testsuite.map((suite: Record<string, string>) => suite['@_name'])).toEqual([
      'Checkout / login',
      'Checkout / order',
    ]);

    expect((await api(app, 'DELETE', `/api/runs/${runId}`)).status).toBe(204);
    expect((await api(app, 'GET', `/api/runs/${runId}`)).status).toBe(404);
  });

  it('cancels a run on its way, and refuses bad options and data files with what is wrong', async () => {
    const hang = app.store.endpoints.create(projectId, null, endpointDraft({ name: 'hang', path: '/hang' }));
    const started = await api(app, 'POST', '/api/runs', { projectId, order: [hang.id] });
    const runId = started.json.id as string;
    await expect.poll(() => target.requests.some((request) => request.url === '/hang')).toBe(true);
    expect((await api(app, 'POST', `/api/runs/${runId}/cancel`)).status).toBe(204);
    expect((await api(app, 'GET', `/api/runs/${runId}`)).json.summary.status).toBe('cancelled');
    expect((await api(app, 'POST', `/api/runs/${runId}/cancel`)).status).toBe(400);

    const bad = await api(app, 'POST', '/api/runs', { projectId, iterations: 0 });
    expect(bad.json).toEqual({ code: 'VALIDATION', message: expect.stringContaining('iterations') });
    const badData = await api(app, 'POST', '/api/runs', { projectId, dataFile: { name: 'd.json', text: '[1' } });
    expect(badData.json).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('d.json') });
    const unknown = await api(app, 'POST', '/api/runs', { projectId: 'nope' });
    expect(unknown.status).toBe(404);
  });

  it('load-tests a folder and answers with its figures through the event stream', async () => {
    const folder = app.store.folders.create({ projectId, name: 'Load', parentId: null });
    app.store.endpoints.create(projectId, folder.id, endpointDraft({ name: 'n', path: '/n' }));
    const started = await api(app, 'POST', '/api/loads', {
      projectId,
      folderId: folder.id,
      connections: 2,
      durationMs: 400,
    });
    expect(started.status).toBe(201);
    const finished = (await events.next('load-finished', 10_000)) as { loadId: string; result: LoadResult };
    expect(finished.loadId).toBe(started.json.loadId);
    expect(finished.result.requests).toBeGreaterThan(0);
    expect(finished.result.statuses).toEqual([{ status: 200, count: finished.result.requests }]);
    const refused = await api(app, 'POST', '/api/loads', { projectId, connections: 0, durationMs: 400 });
    expect(refused.json.code).toBe('VALIDATION');
  });
});
