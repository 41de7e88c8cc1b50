import type { ServerResponse } from 'node:http';
import type { AgentSendResult, HistoryDetail, SendOutcome, StreamUpdate } from '@client/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  type EventReader,
  endpointDraft,
  readEvents,
  startTargetServer,
  startTestApp,
  type TestApp,
} from './ui-server.test-support.js';

const SECRET = 'sk_live_stream-secret-42';

let app: TestApp;
let events: EventReader;
let target: Awaited<ReturnType<typeof startTargetServer>>;
let projectId: string;
/** The first Send builds the window's routes, which a loaded machine takes seconds for. */
const WAIT = { timeout: 15_000, interval: 10 };
/** Streams held open until a test ends them. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  app = await startTestApp({ sendTimeoutMs: 10_000 });
  events = await readEvents(app);
  target = await startTargetServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (request.url.startsWith('/echo-secret')) {
      response.end(`event: key\ndata: {"key":"${request.headers['x-key']}"}\n\n`);
      return;
    }
    response.write('id: 1\nevent: delta\ndata: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
    held.push(response);
  });
  projectId = app.store.projects.create({ name: 'Streams' }).id;
  app.store.variables.set(projectId, 'base_url', target.origin);
  const environment = (await api(app, 'POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json;
  await api(app, 'PUT', `/api/environments/${environment.id}/variables`, {
    variables: [{ key: 'key', value: SECRET, secret: true }],
  });
  await api(app, 'PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.id });
});
afterAll(async () => {
  events.close();
  await target.close();
  await app.close();
});

/** The stream updates the window was told for one Send. */
function updatesOf(requestId: string): StreamUpdate[] {
  return events
    .received()
    .filter((event) => event.type === 'send-stream')
    .map((event) => event.data as { requestId: string; update: StreamUpdate })
    .filter((event) => event.requestId === requestId)
    .map((event) => event.update);
}

describe('a streamed answer to a Send in the window', () => {
  it('is told to the window event by event while it arrives, stops on cancel and is kept in History', async () => {
    const requestId = 'stream-1';
    const sending = api(app, 'POST', '/api/send', {
      requestId,
      projectId,
      endpointId: null,
      environmentId: null,
      request: endpointDraft({ path: '/chat' }),
    });
    await vi.waitFor(
      () => expect(updatesOf(requestId).filter((update) => update.type === 'events')).toHaveLength(1),
      WAIT,
    );
    expect(updatesOf(requestId)[0]).toMatchObject({ type: 'head', kind: 'sse', status: 200 });
    held.shift()?.write('id: 2\nevent: delta\ndata: {"choices":[{"delta":{"content":"lo"}}]}\n\n');
    await vi.waitFor(
      () => expect(updatesOf(requestId).filter((update) => update.type === 'events')).toHaveLength(2),
      WAIT,
    );
    expect(updatesOf(requestId)[2]).toMatchObject({ type: 'events', index: 1, events: [{ id: '2', event: 'delta' }] });

    expect((await api(app, 'POST', `/api/send/${requestId}/cancel`)).json).toEqual({ cancelled: true });
    const outcome = (await sending).json as SendOutcome;
    if (outcome.outcome !== 'response') throw new Error(`no response: ${outcome.outcome}`);
    expect(outcome.stream).toMatchObject({ kind: 'sse', total: 2, cut: false, stopped: 'stop' });

    const detail = (await api(app, 'GET', `/api/history/${outcome.historyId}`)).json as HistoryDetail;
    expect(detail.stream?.events.map((event) => event.id)).toEqual(['1', '2']);
    expect(detail.stream?.untimed).toBe(true);
    expect(detail.responseTruncated).toBe(false);
  });

  it('checks the Tests tab rows against the events', async () => {
    const sent = await api(app, 'POST', '/api/send', {
      requestId: 'stream-rows',
      projectId,
      endpointId: null,
      environmentId: null,
      request: endpointDraft({
        path: '/echo-secret',
        tests: [
          { source: 'events', property: '$.length', operator: 'eq', value: '1' },
          { source: 'events', property: '$[0].event', operator: 'eq', value: 'key' },
          { source: 'events', property: '$[0].data.key', operator: 'eq', value: 'nothing' },
        ],
      }),
    });
    const outcome = sent.json as SendOutcome;
    if (outcome.outcome !== 'response') throw new Error(`no response: ${outcome.outcome}`);
    expect(outcome.checks?.rows.map((row) => row.passed)).toEqual([true, true, false]);
  });

  it('answers an agent with the events, secrets masked', async () => {
    const endpointId = app.store.endpoints.create(
      projectId,
      null,
      endpointDraft({ name: 'echo', path: '/echo-secret', headers: [{ key: 'X-Key', value: '{{key}}' }] }),
    ).id;
    const sending = app.ui.sendForAgent({
      endpointId,
      environmentId: null,
      overrides: { query: [], headers: [], body: null },
      timeoutMs: 5000,
    });
    const prompt = (await vi.waitFor(() => {
      const asked = events.received().find((event) => event.type === 'agent-send-requested');
      if (asked === undefined) throw new Error('not asked yet');
      return asked.data;
    }, WAIT)) as { id: string };
    expect((await api(app, 'POST', `/api/agent/prompts/${prompt.id}`, { decision: 'once' })).status).toBe(204);
    const result = (await sending) as AgentSendResult;
    expect(result.events).toEqual([{ event: 'key', data: '{"key":"••••"}', ms: expect.any(Number) }]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});
