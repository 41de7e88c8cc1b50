import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Assertion,
  DEFAULT_REQUEST_SETTINGS,
  type EndpointDraft,
  type EndpointScripts,
  type ScriptLevel,
  type TokenStatus,
} from '@client/core';
import { HttpEngine } from '@client/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunProgress, runCollection } from './run-collection.js';
import type { PlannedRequest, RunPlan } from './run-plan.js';

const engine = new HttpEngine({
  userAgent: 'Client/test',
  tokens: {
    status: (): TokenStatus => ({ hasToken: false, expiresAt: null, refreshable: false, obtainedAt: null }),
    open: async () => undefined,
    keep: async () => undefined,
    forget: () => false,
  },
  cookies: new Map(),
});
const received: IncomingMessage[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    const url = new URL(request.url ?? '/', 'http://x');
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/login') return response.end(JSON.stringify({ token: `t-${url.searchParams.get('user')}` }));
    if (url.pathname === '/slow') return; // never answers
    response.end(JSON.stringify({ auth: request.headers.authorization ?? null, path: url.pathname, q: url.search }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await Promise.all([engine.close(), new Promise((resolve) => server.close(resolve))]);
});

const scripts = (part: Partial<EndpointScripts>): EndpointScripts => ({
  from: 'postman',
  preRequest: '',
  postResponse: '',
  tests: '',
  ...part,
});

function planned(name: string, draft: Partial<EndpointDraft> = {}, levels: ScriptLevel[] = []): PlannedRequest {
  return {
    item: { id: `id-${name}`, name, path: ['folder'] },
    endpoint: {
      name,
      method: 'GET',
      path: `/${name}`,
      queryParams: [],
      headers: [],
      body: { mode: 'none' },
      auth: { type: 'none' },
      state: 'Designing',
      ...draft,
    } as PlannedRequest['endpoint'],
    levels,
    settings: DEFAULT_REQUEST_SETTINGS,
  };
}

function plan(requests: PlannedRequest[], secret?: string): RunPlan {
  return {
    collection: { id: 'p1', name: 'Shop' },
    variables: [{ key: 'base_url', value: origin }],
    environment:
      secret === undefined
        ? null
        : { id: 'e1', name: 'Live', variables: [{ key: 'api_secret', value: secret, secret: true }] },
    requests,
  };
}

const once = { iterations: 1, delayMs: 0, bail: false };
const statusIs200: Assertion = { source: 'status', property: '', operator: 'eq', value: '200' };

describe('running a collection', () => {
  it('chains a login token through a script into the next request, and checks rows and tests', async () => {
    const login = planned('login', {
      queryParams: [{ key: 'user', value: '{{user}}' }],
      scripts: scripts({
        tests:
          'pm.environment.set("token", pm.response.json().token); pm.test("has a token", () => pm.expect(pm.response.json().token).to.be.a("string"));',
      }),
      tests: [statusIs200],
    });
    const profile = planned('profile', {
      headers: [{ key: 'Authorization', value: 'Bearer {{token}}' }],
      tests: [
        { source: 'jsonpath', property: '$.auth', operator: 'eq', value: 'Bearer t-{{user}}' },
        { source: 'status', property: '', operator: 'eq', value: '201' },
      ],
    });
    const progress: RunProgress['type'][] = [];
    const run = await runCollection(engine, plan([login, profile]), {
      ...once,
      iterations: 2,
      data: [{ user: 'ann' }, { user: 'bob' }],
      onProgress: (event) => progress.push(event.type),
    });
    const { stats, executions } = run.result;
    expect(executions.map((execution) => execution.request.url)).toEqual([
      `${origin}/login?user=ann`,
      `${origin}/profile`,
      `${origin}/login?user=bob`,
      `${origin}/profile`,
    ]);
    expect(executions[3]?.assertions).toEqual([
      { assertion: 'jsonpath $.auth eq Bearer t-{{user}}' },
      { assertion: 'status eq 201', error: { name: 'AssertionError', message: expect.stringContaining('201') } },
    ]);
    expect(stats.iterations).toEqual({ total: 2, failed: 0 });
    expect(stats.requests).toEqual({ total: 4, failed: 0 });
    expect(stats.assertions).toEqual({ total: 8, failed: 2 });
    expect(stats.testScripts).toEqual({ total: 2, failed: 0 });
    expect(progress).toEqual([
      'sending',
      'executed',
      'sending',
      'executed',
      'sending',
      'executed',
      'sending',
      'executed',
    ]);
    expect(run.variables.changedIn('environment').get('token')?.value).toBe('t-bob');
  });

  it('runs project, folder and endpoint scripts in that order, and sends what a pre-request script changed', async () => {
    const level = (kind: 'project' | 'folder', code: string): ScriptLevel => ({
      kind,
      id: kind,
      name: kind,
      scripts: scripts({ preRequest: code }),
    });
    const order = planned(
      'order',
      {
        scripts: scripts({
          preRequest:
            'pm.request.headers.add({key: "X-Seen", value: pm.variables.get("seen") + ",endpoint"}); pm.request.url = pm.request.url.toString() + "?page=2";',
        }),
      },
      [
        level('project', 'pm.variables.set("seen", "project")'),
        level('folder', 'pm.variables.set("seen", pm.variables.get("seen") + ",folder")'),
      ],
    );
    const before = received.length;
    const run = await runCollection(engine, plan([order]), once);
    expect(run.result.executions[0]?.request.url).toBe(`${origin}/order?page=2`);
    expect(received[before]?.headers['x-seen']).toBe('project,folder,endpoint');
    expect(run.result.stats.prerequestScripts).toEqual({ total: 3, failed: 0 });
  });

  it('goes on after a runaway or broken script, failing that request, and stops at the first failure with bail', async () => {
    const endless = planned('endless', { scripts: scripts({ preRequest: 'while (true) {}' }) });
    const broken = planned('broken', { scripts: scripts({ tests: 'throw new Error("nope")' }) });
    const fine = planned('fine', { tests: [statusIs200] });
    const run = await runCollection(engine, plan([endless, broken, fine]), {
      ...once,
      scriptLimits: { timeLimitMs: 300 },
    });
    expect(run.result.executions.map((execution) => execution.scriptErrors?.[0]?.phase)).toEqual([
      'prerequest',
      'test',
      undefined,
    ]);
    expect(run.result.executions[0]?.scriptErrors?.[0]?.message).toMatch(/time/i);
    expect(run.result.executions[1]?.scriptErrors?.[0]).toEqual({
      phase: 'test',
      level: 'endpoint',
      message: expect.stringContaining('nope'),
    });
    expect(run.result.stats.requests.total).toBe(3);

    const bailed = await runCollection(engine, plan([broken, fine]), { ...once, bail: true });
    expect(bailed.result.executions).toHaveLength(1);
    expect(bailed.stopped).toBe(true);
  });

  it('follows setNextRequest, and ends the iteration at setNextRequest(null) as newman does', async () => {
    const first = planned('first', { scripts: scripts({ tests: 'pm.execution.setNextRequest("third")' }) });
    const second = planned('second');
    const third = planned('third', { scripts: scripts({ tests: 'postman.setNextRequest(null)' }) });
    const run = await runCollection(engine, plan([first, second, third]), { ...once, iterations: 2 });
    expect(run.result.executions.map((execution) => execution.item.name)).toEqual(['first', 'third', 'first', 'third']);
    expect(run.stopped).toBe(false);
  });

  it('answers pm.sendRequest through the engine, and reads a secret only when the request uses it', async () => {
    const code = `
      pm.sendRequest(pm.variables.replaceIn("{{base_url}}/login?user=side"), (error, answer) => {
        pm.test("side request", () => pm.expect(answer.json().token).to.equal("t-side"));
      });
      pm.test("secret hidden", () => pm.expect(pm.environment.get("api_secret")).to.equal(undefined));`;
    const hidden = planned('hidden', { scripts: scripts({ tests: code }) });
    const uses = planned('uses', {
      headers: [{ key: 'X-Key', value: '{{api_secret}}' }],
      scripts: scripts({
        tests: 'pm.test("secret read", () => pm.expect(pm.environment.get("api_secret")).to.equal("s3cr3t-v4lue"))',
      }),
    });
    const run = await runCollection(engine, plan([hidden, uses], 's3cr3t-v4lue'), once);
    expect(run.result.executions.flatMap((execution) => execution.assertions)).toEqual([
      { assertion: 'secret hidden' },
      { assertion: 'side request' },
      { assertion: 'secret read' },
    ]);
  });

  it('records a request that got no answer, and stops when cancelled', async () => {
    const cancel = new AbortController();
    const slow = planned('slow');
    const run = await runCollection(engine, plan([slow, planned('after')]), {
      ...once,
      signal: cancel.signal,
      onProgress: (event) => {
        if (event.type === 'sending') setImmediate(() => cancel.abort());
      },
    });
    expect(run.stopped).toBe(true);
    expect(run.result.executions).toHaveLength(1);
    expect(run.result.executions[0]?.error?.message).toBe('the run was cancelled');
    expect(run.result.stats.requests).toEqual({ total: 1, failed: 1 });

    const timedOut = await runCollection(engine, plan([slow]), { ...once, timeoutMs: 200 });
    expect(timedOut.result.executions[0]?.error?.message).toContain('200 ms');
  });
});
