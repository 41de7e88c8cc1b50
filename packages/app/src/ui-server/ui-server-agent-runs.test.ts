import type { AgentRunAnswer, AgentRunPrompt, AgentRunRequest, AppError, RunEvent, RunSummary } from '@client/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AgentRuns } from '../agent-sends/agent-runs.js';
import { ConsentPrompts } from '../agent-sends/consent-prompts.js';
import { planOfProject } from '../running/plan-of-project.js';
import { type PlanOf, Runs } from '../running/runs.js';
import { RequestSender } from '../sending/request-sender.js';
import { EventStream } from './event-stream.js';
import {
  api,
  type EventReader,
  endpointDraft,
  readEvents,
  startTargetServer,
  startTestApp,
  type TestApp,
} from './ui-server.test-support.js';

const API_KEY = 'sk_live_agent-run-never-sees-this';
const HEADER_TOKEN = 'hdr-token-0123456789abcdef';
const PASSWORD = 'pässword&=/123';

let app: TestApp;
let events: EventReader;
let target: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;
let checksId: string;
let slowId: string;
let echoId: string;
/** The first run's answer, for what a later start of the app answers of it. */
let firstRun: AgentRunAnswer;

beforeAll(async () => {
  app = await startTestApp();
  events = await readEvents(app);
  // A careless server: echoes the key it got, plain and in base64, and the Authorization header.
  target = await startTargetServer((request, response) => {
    if (request.url.startsWith('/hang')) return;
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        key: request.headers['x-api-key'] ?? null,
        token: request.headers['x-header-token'] ?? null,
        auth: request.headers.authorization ?? null,
        base64: Buffer.from(String(request.headers['x-api-key'])).toString('base64'),
        long: 'z'.repeat(1500),
      }),
    );
  });
  projectId = app.store.projects.create({ name: 'Shop', baseUrl: target.origin }).id;
  const environment = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json;
  await api(app, 'PUT', `/api/environments/${environment.id}/variables`, {
    variables: [
      { key: 'api_key', value: API_KEY, secret: true },
      { key: 'password', value: PASSWORD, secret: true },
    ],
  });
  await api(app, 'PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.id });

  checksId = app.store.folders.create({ projectId, name: 'Checks' }).id;
  echoId = app.store.endpoints.create(
    projectId,
    checksId,
    endpointDraft({
      name: 'echo',
      path: '/echo',
      queryParams: [{ key: 'token', value: '{{api_key}}' }],
      headers: [
        { key: 'X-Api-Key', value: '{{api_key}}' },
        { key: 'X-Header-Token', value: HEADER_TOKEN },
      ],
      auth: { type: 'basic', username: 'ada', password: '{{password}}' },
      tests: [
        { source: 'status', property: '', operator: 'eq', value: '200' },
        { source: 'jsonpath', property: '$.key', operator: 'eq', value: 'nope' },
        { source: 'jsonpath', property: '$.token', operator: 'eq', value: 'nope' },
        { source: 'jsonpath', property: '$.auth', operator: 'eq', value: 'nope' },
        { source: 'jsonpath', property: '$.base64', operator: 'eq', value: 'nope' },
        { source: 'jsonpath', property: '$.long', operator: 'eq', value: 'short' },
      ],
      scripts: {
        from: 'postman',
        preRequest: `pm.sendRequest(pm.variables.replaceIn('{{base_url}}/login'), () => {});`,
        postResponse: '',
        tests: `pm.test('the key is hidden', () => pm.expect(pm.response.json().key).to.equal('hidden'));`,
      },
    }),
  ).id;
  app.store.endpoints.create(projectId, checksId, endpointDraft({ name: 'ok', path: '/ok' }));
  const slow = app.store.folders.create({ projectId, name: 'Slow' });
  slowId = slow.id;
  app.store.endpoints.create(projectId, slowId, endpointDraft({ name: 'hang', path: '/hang' }));
});
afterAll(async () => {
  events.close();
  await target.close();
  await app.close();
});

function runRequest(extra: Partial<AgentRunRequest> = {}): AgentRunRequest {
  return { projectId, folderId: checksId, environmentId: null, iterations: 1, timeoutMs: 10_000, ...extra };
}

async function failure(running: Promise<unknown>): Promise<AppError> {
  const error = await running.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (error === null || (error as AppError).code === undefined) throw new Error(`expected an AppError, got ${error}`);
  return error as AppError;
}

/** The prompt the window shows next, once it is there. */
async function shownPrompt(): Promise<AgentRunPrompt> {
  return vi.waitFor(
    async () => {
      const [prompt] = (await api(app, 'GET', '/api/agent/prompts')).json as AgentRunPrompt[];
      if (prompt === undefined) throw new Error('no prompt in the window yet');
      return prompt;
    },
    { timeout: 5000, interval: 20 },
  );
}

async function answer(prompt: AgentRunPrompt, decision: string): Promise<number> {
  return (await api(app, 'POST', `/api/agent/prompts/${prompt.id}`, { decision })).status;
}

describe('an agent running tests', () => {
  it('shows the person every request and host, runs once allowed, and answers the failures scrubbed', async () => {
    const running = app.ui.runsForAgents.run(runRequest());
    const prompt = await shownPrompt();
    expect(prompt).toMatchObject({
      kind: 'run',
      projectName: 'Shop',
      folderName: 'Checks',
      environmentName: 'Live',
      iterations: 1,
      requestCount: 2,
      hosts: [new URL(target.origin).host],
      scriptsSendRequests: true,
    });
    expect(prompt.requests).toEqual([
      { method: 'GET', name: 'Checks / echo', url: `${target.origin}/echo?token=••••` },
      { method: 'GET', name: 'Checks / ok', url: `${target.origin}/ok` },
    ]);
    // A run is allowed once or for its project: one endpoint's permission would not cover the others.
    expect(await answer(prompt, 'endpoint')).toBe(400);
    expect(await answer(prompt, 'once')).toBe(204);

    const result = await running;
    firstRun = result;
    expect(result).toMatchObject({
      projectId,
      folderId: checksId,
      name: 'Shop / Checks',
      status: 'failed',
      finishedAt: expect.any(String),
      requests: { total: 2, failed: 0 },
      assertions: { total: 7, failed: 6 },
      failuresOmitted: 0,
      notes: [],
    });
    expect(result.failures.map((found) => [found.request, found.assertion])).toEqual([
      ['Checks / echo', 'the key is hidden'],
      ['Checks / echo', 'jsonpath $.key eq nope'],
      ['Checks / echo', 'jsonpath $.token eq nope'],
      ['Checks / echo', 'jsonpath $.auth eq nope'],
      ['Checks / echo', 'jsonpath $.base64 eq nope'],
      ['Checks / echo', 'jsonpath $.long eq short'],
    ]);
    expect(result.failures[1]).toEqual({
      iteration: 0,
      endpointId: echoId,
      request: 'Checks / echo',
      assertion: 'jsonpath $.key eq nope',
      message: 'expected "nope", got "••••"',
    });
    // The long actual value is cut to a size.
    expect(result.failures[5]?.message.length).toBeLessThanOrEqual(1001);
    const told = JSON.stringify(result);
    const basic = Buffer.from(`ada:${PASSWORD}`).toString('base64');
    for (const secret of [API_KEY, HEADER_TOKEN, PASSWORD, basic, Buffer.from(API_KEY).toString('base64')]) {
      expect(told).not.toContain(secret);
    }
    // Kept with the person's runs, marked as an agent's, and shown live in the window.
    const runs = (await api(app, 'GET', `/api/projects/${projectId}/runs`)).json as RunSummary[];
    expect(runs[0]).toMatchObject({ id: result.runId, source: 'agent', status: 'failed' });
    const started = events
      .received()
      .filter((event) => event.type === 'run-event')
      .map((event) => event.data as RunEvent)
      .find((event) => event.type === 'started' && event.summary.id === result.runId);
    expect(started).toMatchObject({ summary: { source: 'agent' } });
  });

  it('is refused with DENIED when the person says no, and CONSENT_TIMEOUT when nobody answers', async () => {
    const denied = failure(app.ui.runsForAgents.run(runRequest()));
    expect(await answer(await shownPrompt(), 'deny')).toBe(204);
    expect(await denied).toMatchObject({ code: 'DENIED', message: expect.stringContaining('denied this run') });

    // An endpoint's standing permission covers that endpoint's sends, never a run.
    const sending = app.ui.sendForAgent({
      endpointId: echoId,
      environmentId: null,
      overrides: { query: [], headers: [], body: null },
      timeoutMs: 5000,
    });
    expect(await answer(await shownPrompt(), 'endpoint')).toBe(204);
    expect((await sending).status).toBe(200);
    expect((await api(app, 'GET', '/api/agent/permissions')).json).toEqual([
      expect.objectContaining({ endpointId: echoId }),
    ]);
    const waiting = failure(app.ui.runsForAgents.run(runRequest({ timeoutMs: 1000 })));
    expect((await shownPrompt()).kind).toBe('run');
    const waited = await waiting;
    expect(waited).toMatchObject({ code: 'CONSENT_TIMEOUT', message: expect.stringContaining('client agent allow') });
    expect((await api(app, 'GET', '/api/agent/prompts')).json).toEqual([]);
    expect((await api(app, 'DELETE', '/api/agent/permissions')).status).toBe(204);
  });

  it('runs without asking while the person allows the project, and follows a long run as a job', async () => {
    const first = app.ui.runsForAgents.run(runRequest({ folderId: null, timeoutMs: 1000 }));
    expect(await answer(await shownPrompt(), 'project')).toBe(204);
    const job = await first;
    // The whole project: Checks' two requests, then Slow's, which hangs.
    expect(job).toMatchObject({ status: 'running', finishedAt: null, name: 'Shop' });
    expect(job.notes).toEqual([expect.stringContaining(`get_run {"runId": "${job.runId}"}`)]);
    await vi.waitFor(async () =>
      expect((await app.ui.runsForAgents.get(job.runId)).requests.total).toBeGreaterThanOrEqual(2),
    );
    const cancelled = await app.ui.runsForAgents.cancel(job.runId);
    expect(cancelled).toMatchObject({ runId: job.runId, status: 'cancelled', notes: [] });
    expect(cancelled.failures.at(-1)).toMatchObject({ request: 'Slow / hang', assertion: null });
    const again = await app.ui.runsForAgents.cancel(job.runId);
    expect(again.notes).toEqual(['The run had already ended (cancelled); nothing was cancelled.']);
    expect((await app.ui.runsForAgents.get(job.runId)).status).toBe('cancelled');

    // No prompt this time: the project is allowed.
    const allowed: AgentRunAnswer = await app.ui.runsForAgents.run(runRequest({ timeoutMs: 5000 }));
    expect(allowed.status).toBe('failed');
    app.store.agentPermissions.revokeAll(projectId);
  });

  it('asks, naming each secret and its host, when a request an agent wrote carries a secret, even while the project is allowed', async () => {
    app.store.agentPermissions.allowProject(projectId, new Date(Date.now() + 60_000).toISOString());
    app.store.agentWritten.mark(echoId);
    const refused = failure(app.ui.runsForAgents.run(runRequest()));
    const prompt = await shownPrompt();
    const host = new URL(target.origin).host;
    expect(prompt).toMatchObject({ agentWritten: true });
    expect(prompt.secrets).toEqual(
      expect.arrayContaining([
        { name: 'api_key', host },
        { name: 'password', host },
      ]),
    );
    expect(await answer(prompt, 'deny')).toBe(204);
    expect((await refused).code).toBe('DENIED');

    // Once the person saves the request it is theirs, and the project's permission covers the run again.
    app.store.agentWritten.release(echoId);
    expect((await app.ui.runsForAgents.run(runRequest({ timeoutMs: 5000 }))).status).toBe('failed');
    app.store.agentPermissions.revokeAll(projectId);
  });

  it('follows only agents’ runs, and refuses unknown projects, folders and environments, and empty ones', async () => {
    const person = await api(app, 'POST', '/api/runs', { projectId, folderId: checksId });
    await expect(failure(app.ui.runsForAgents.get(person.json.id))).resolves.toMatchObject({ code: 'NOT_FOUND' });
    await expect(failure(app.ui.runsForAgents.cancel('nope'))).resolves.toMatchObject({ code: 'NOT_FOUND' });
    const unknown = [
      runRequest({ projectId: 'nope' }),
      runRequest({ folderId: 'nope' }),
      runRequest({ environmentId: 'nope' }),
    ];
    for (const request of unknown) {
      await expect(failure(app.ui.runsForAgents.run(request))).resolves.toMatchObject({ code: 'NOT_FOUND' });
    }
    const empty = app.store.folders.create({ projectId, name: 'Empty' });
    const nothing = await failure(app.ui.runsForAgents.run(runRequest({ folderId: empty.id })));
    expect(nothing).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('no endpoint to run') });
    expect((await api(app, 'GET', '/api/agent/prompts')).json).toEqual([]);
  });

  it('answers a run of an earlier start of the app scrubbed all the same', async () => {
    const secrets = () => Promise.resolve(app.secrets);
    const engine = new RequestSender(app.store, secrets, 'Client/test').engine;
    const planOf: PlanOf = (options) => planOfProject(app.store, secrets, options);
    const stream = new EventStream();
    const later = new AgentRuns({
      store: app.store,
      engine,
      runs: new Runs(app.store, engine, planOf, () => {}),
      planOf,
      prompts: new ConsentPrompts(stream),
      keeper: { store: app.store, stream, session: 'a-later-start' },
    });
    try {
      expect(await later.get(firstRun.runId)).toEqual(firstRun);
    } finally {
      stream.close();
      await engine.close();
    }
  });

  it('lists the first 50 failures and says how many more there were', async () => {
    const many = app.store.folders.create({ projectId, name: 'Many' });
    const rows = Array.from({ length: 60 }, () => ({
      source: 'status' as const,
      property: '',
      operator: 'eq' as const,
      value: '201',
    }));
    app.store.endpoints.create(projectId, many.id, endpointDraft({ name: 'many', path: '/many', tests: rows }));
    app.store.agentPermissions.allowProject(projectId, new Date(Date.now() + 60_000).toISOString());
    const result = await app.ui.runsForAgents.run(runRequest({ folderId: many.id }));
    app.store.agentPermissions.revokeAll(projectId);
    expect(result.failures).toHaveLength(50);
    expect(result.failuresOmitted).toBe(10);
    expect(result.notes).toEqual([expect.stringContaining('Only the first 50 of 60 failures')]);
  });
});
