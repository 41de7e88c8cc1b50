import { type AgentSendRequest, AppError, type EndpointDraft } from '@client/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  type EventReader,
  readEvents,
  startTargetServer,
  startTestApp,
  type TestApp,
} from './ui-server.test-support.js';

const API_KEY = 'sk_live_agent-never-sees-this';
const PASSWORD = 'hunter2-pässword&=/';
const TYPED_TOKEN = 'typed-bearer-token-1234567890';

let app: TestApp;
let events: EventReader;
let target: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;

/** Echoes everything it got back, plain, percent-encoded, base64 and in a cookie, as a careless server might. */
beforeAll(async () => {
  app = await startTestApp({ sendTimeoutMs: 2000 });
  events = await readEvents(app);
  target = await startTargetServer((request, response) => {
    if (request.url.startsWith('/big')) {
      response.setHeader('content-type', 'text/plain');
      response.end(`${'y'.repeat(200 * 1024)}${API_KEY}`);
      return;
    }
    const everything = JSON.stringify({ url: request.url, headers: request.headers, body: request.body });
    response.setHeader('content-type', 'application/json');
    response.setHeader('set-cookie', `session=${API_KEY}; Path=/`);
    response.setHeader('x-echo-key', String(request.headers['x-api-key'] ?? ''));
    response.end(
      JSON.stringify({
        everything,
        encoded: encodeURIComponent(everything),
        base64: Buffer.from(everything).toString('base64'),
        passwordBase64: Buffer.from(PASSWORD).toString('base64'),
      }),
    );
  });
  projectId = app.store.projects.create({ name: 'Shop' }).id;
  app.store.variables.set(projectId, 'base_url', target.origin);
  const environment = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json;
  await api(app, 'PUT', `/api/environments/${environment.id}/variables`, {
    variables: [
      { key: 'api_key', value: API_KEY, secret: true },
      { key: 'password', value: PASSWORD, secret: true },
    ],
  });
  await api(app, 'PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.id });
});
afterAll(async () => {
  events.close();
  await target.close();
  await app.close();
});

function endpoint(extra: Partial<EndpointDraft> = {}): string {
  const draft: EndpointDraft = {
    name: 'orders',
    method: 'POST',
    path: '/orders',
    queryParams: [{ key: 'token', value: '{{api_key}}' }],
    headers: [
      { key: 'X-Api-Key', value: '{{api_key}}' },
      { key: 'Content-Type', value: 'application/json' },
    ],
    body: { mode: 'json', text: '{"password":"{{password}}","item":1}' },
    auth: { type: 'basic', username: 'ada', password: '{{password}}' },
    state: 'Designing',
    ...extra,
  };
  return app.store.endpoints.create(projectId, null, draft).id;
}

function request(endpointId: string, extra: Partial<AgentSendRequest> = {}): AgentSendRequest {
  return {
    endpointId,
    environmentId: null,
    overrides: { query: [], headers: [], body: null },
    timeoutMs: 5000,
    ...extra,
  };
}

/** How many events of each type the tests have taken, so none is missed when several arrive at once. */
const taken = new Map<string, number>();

/** The next event of `type` not taken yet, whether it arrived before this call or arrives within 5 s. */
async function nextEvent(type: string): Promise<unknown> {
  const index = taken.get(type) ?? 0;
  const event = await vi.waitFor(
    () => {
      const arrived = events.received().filter((received) => received.type === type)[index];
      if (arrived === undefined) throw new Error(`no ${type} event within 5 s`);
      return arrived;
    },
    { timeout: 5000, interval: 10 },
  );
  taken.set(type, index + 1);
  return event.data;
}

// Each test starts after what earlier tests left unanswered.
beforeEach(() => {
  for (const { type } of events.received()) taken.set(type, events.received().filter((e) => e.type === type).length);
});

async function answerNextPrompt(decision: string) {
  const prompt = (await nextEvent('agent-send-requested')) as { id: string; url: string; headers: unknown };
  const answered = await api(app, 'POST', `/api/agent/prompts/${prompt.id}`, { decision });
  expect(answered.status).toBe(204);
  return prompt;
}

async function failure(sending: Promise<unknown>): Promise<AppError> {
  const error = await sending.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('an agent sending a saved endpoint', () => {
  it('waits for the person, shows them the request with secrets masked, and sends once allowed', async () => {
    const endpointId = endpoint();
    const sending = app.ui.sendForAgent(request(endpointId));
    const prompt = await answerNextPrompt('once');
    expect(prompt.url).toBe(`${target.origin}/orders?token=••••`);
    expect(JSON.stringify(prompt)).not.toContain(API_KEY);
    const result = await sending;
    expect(result.status).toBe(200);
    const history = app.store.history.get(result.historyId);
    expect(history?.sentBy).toBe('agent');
    expect(await nextEvent('history-added')).toEqual({ projectId, historyId: result.historyId, sentBy: 'agent' });
    const listed = await api(app, 'GET', `/api/projects/${projectId}/history`);
    expect(listed.json[0]).toMatchObject({ id: result.historyId, sentBy: 'agent' });
    // Allowed once: the next send asks again.
    const again = failure(app.ui.sendForAgent(request(endpointId)));
    await answerNextPrompt('deny');
    expect((await again).code).toBe('DENIED');
  });

  it('sends exactly the request the person was shown, though a variable changed while they were asked', async () => {
    app.store.variables.set(projectId, 'api_version', 'shown');
    const endpointId = endpoint({ auth: { type: 'none' }, headers: [{ key: 'X-Version', value: '{{api_version}}' }] });
    const sending = app.ui.sendForAgent(request(endpointId));
    const prompt = (await nextEvent('agent-send-requested')) as { id: string; headers: unknown };
    expect(prompt.headers).toContainEqual({ key: 'X-Version', value: 'shown' });
    app.store.variables.set(projectId, 'api_version', 'later');
    expect((await api(app, 'POST', `/api/agent/prompts/${prompt.id}`, { decision: 'once' })).status).toBe(204);
    await sending;
    expect(target.requests.at(-1)?.headers['x-version']).toBe('shown');
  });

  it('returns no secret or credential in any form: headers, query, body, basic auth, cookies, echoed encoded', async () => {
    const endpointId = endpoint({
      headers: [{ key: 'Authorization', value: `Bearer ${TYPED_TOKEN}` }],
      auth: { type: 'none' },
    });
    const basicId = endpoint({ name: 'basic' });
    const sentBefore = target.requests.length;
    const sends = [app.ui.sendForAgent(request(endpointId)), app.ui.sendForAgent(request(basicId))];
    await answerNextPrompt('once');
    await answerNextPrompt('once');
    const results = await Promise.all(sends);
    expect(target.requests.length).toBe(sentBefore + 2);
    // The server did receive them, so the answer really echoed every secret.
    expect(JSON.stringify(target.requests.slice(-2))).toContain(API_KEY);
    const bytes = JSON.stringify(results);
    const userPassword = Buffer.from(`ada:${PASSWORD}`).toString('base64');
    for (const secret of [API_KEY, PASSWORD, TYPED_TOKEN, userPassword]) {
      for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]) {
        expect(bytes).not.toContain(form);
      }
    }
    expect(results[0]?.headers.find((header) => header.key === 'set-cookie')?.value).toBe('••••');
  });

  it('sends a GraphQL body as the JSON document GraphQL servers read, its secrets kept from the agent', async () => {
    const endpointId = endpoint({
      queryParams: [],
      headers: [],
      auth: { type: 'none' },
      body: {
        mode: 'graphql',
        query: '{ orders { id } }',
        variables: '{"key": "{{api_key}}"}',
        operationName: 'Orders',
      },
    });
    const sending = app.ui.sendForAgent(request(endpointId));
    await answerNextPrompt('once');
    const result = await sending;
    expect(result.status).toBe(200);
    const sent = target.requests.at(-1);
    expect(sent?.body).toBe(`{"query":"{ orders { id } }","variables":{"key": "${API_KEY}"},"operationName":"Orders"}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });

  it('refuses when nobody answers in the time the agent gave, and closes the prompt', async () => {
    const endpointId = endpoint();
    const sentBefore = target.requests.length;
    const sending = failure(app.ui.sendForAgent(request(endpointId, { timeoutMs: 1000 })));
    const prompt = (await nextEvent('agent-send-requested')) as { id: string };
    const error = await sending;
    expect(error.code).toBe('CONSENT_TIMEOUT');
    expect(error.message).toContain('client agent allow');
    expect(await nextEvent('agent-send-settled')).toEqual({ id: prompt.id, decision: 'timeout' });
    expect(target.requests.length).toBe(sentBefore);
    expect((await api(app, 'POST', `/api/agent/prompts/${prompt.id}`, { decision: 'once' })).status).toBe(404);
  });

  it('keeps an endpoint allowed for the session until the person revokes it', async () => {
    const endpointId = endpoint();
    const otherId = endpoint({ name: 'other' });
    const first = app.ui.sendForAgent(request(endpointId));
    await answerNextPrompt('endpoint');
    await first;
    expect((await app.ui.sendForAgent(request(endpointId))).status).toBe(200);
    const permissions = (await api(app, 'GET', '/api/agent/permissions')).json;
    expect(permissions).toEqual([expect.objectContaining({ endpointId, endpointName: 'orders', expiresAt: null })]);
    // Another endpoint of the project still asks.
    const other = app.ui.sendForAgent(request(otherId, { timeoutMs: 1000 }));
    expect((await failure(other)).code).toBe('CONSENT_TIMEOUT');
    expect((await api(app, 'DELETE', `/api/agent/permissions/${permissions[0].id}`)).status).toBe(204);
    const revoked = app.ui.sendForAgent(request(endpointId, { timeoutMs: 1000 }));
    expect((await failure(revoked)).code).toBe('CONSENT_TIMEOUT');
  });

  it('allows the whole project for 15 minutes when the person chooses that, and revokes all at once', async () => {
    const endpointId = endpoint();
    const first = app.ui.sendForAgent(request(endpointId));
    await answerNextPrompt('project');
    await first;
    expect((await app.ui.sendForAgent(request(endpoint({ name: 'any other' })))).status).toBe(200);
    const [permission] = (await api(app, 'GET', '/api/agent/permissions')).json;
    const minutes = (Date.parse(permission.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect((await api(app, 'DELETE', '/api/agent/permissions')).status).toBe(204);
    expect((await api(app, 'GET', '/api/agent/permissions')).json).toEqual([]);
  });

  it('applies the overrides for this send only and names them in the prompt', async () => {
    const endpointId = endpoint({ auth: { type: 'none' } });
    const sending = app.ui.sendForAgent(
      request(endpointId, {
        overrides: {
          query: [{ key: 'page', value: '2' }],
          headers: [{ key: 'X-Debug', value: '1' }],
          body: '{"item":2}',
        },
      }),
    );
    const prompt = (await answerNextPrompt('once')) as unknown as { overridden: string[] };
    expect(prompt.overridden).toEqual(['query page', 'header X-Debug', 'body']);
    await sending;
    const sent = target.requests.at(-1);
    expect(sent?.url).toContain('page=2');
    expect(sent?.headers['x-debug']).toBe('1');
    expect(sent?.body).toBe('{"item":2}');
    expect(app.store.endpoints.get(endpointId)?.body).toEqual({
      mode: 'json',
      text: '{"password":"{{password}}","item":1}',
    });
  });

  it('cuts a long body to 50 KB, after masking, and says how long it was', async () => {
    const endpointId = endpoint({ path: '/big', method: 'GET', body: { mode: 'none' }, auth: { type: 'none' } });
    const sending = app.ui.sendForAgent(request(endpointId));
    await answerNextPrompt('once');
    const result = await sending;
    expect(Buffer.byteLength(result.body ?? '')).toBe(50 * 1024);
    expect(result.bodyTruncated).toBe(true);
    expect(result.totalBytes).toBe(200 * 1024 + API_KEY.length);
    expect(result.notes.join(' ')).toContain('only the first 50 KB are here');
  });

  it('answers with a coded error for an unknown endpoint or environment, and for a server that is not there', async () => {
    expect((await failure(app.ui.sendForAgent(request('nope')))).code).toBe('NOT_FOUND');
    const endpointId = endpoint();
    const unknownEnvironment = app.ui.sendForAgent(request(endpointId, { environmentId: 'nope' }));
    expect((await failure(unknownEnvironment)).code).toBe('NOT_FOUND');
    // With its secrets, the endpoint may not go there at all: refused before the person is asked.
    const elsewhere = app.store.endpoints.create(projectId, null, {
      ...(app.store.endpoints.get(endpointId) as EndpointDraft),
      path: 'http://127.0.0.1:9/closed',
    });
    const refused = await failure(app.ui.sendForAgent(request(elsewhere.id)));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toContain('not to 127.0.0.1:9');
    const unreachable = endpoint({
      path: 'http://127.0.0.1:9/closed',
      queryParams: [],
      headers: [],
      body: { mode: 'none' },
      auth: { type: 'none' },
    });
    const sending = failure(app.ui.sendForAgent(request(unreachable)));
    await answerNextPrompt('once');
    const error = await sending;
    expect(error.code).toBe('SEND_FAILED');
    expect(error.message).toContain('kept in the History');
  });
});
