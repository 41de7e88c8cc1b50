import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_REQUEST_SETTINGS, type StreamUpdate } from '@client/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PreparedRequest, VariableScope } from './index.js';
import { testEngine } from './test-engine.test-support.js';

const engine = testEngine();
const limits = { displayBytes: 1024 * 1024, readLimitBytes: 4 * 1024 * 1024 };
/** Streams the test holds open, to write to or end. */
const open: ServerResponse[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/quick-text' || request.url === '/slow-text') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('part one\n');
      if (request.url === '/quick-text') response.end('part two\n');
      else open.push(response);
      return;
    }
    if (request.url === '/ndjson') {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.end('{"n":1}\n{"n":2}\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: first\ndata: {"a":1}\n\n');
    open.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await Promise.all([engine.close(), new Promise((resolve) => server.close(resolve))]);
});

async function prepared(path: string, timeoutMs = 10_000): Promise<PreparedRequest> {
  const request = {
    name: 's',
    method: 'GET',
    path,
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
  } as PreparedRequest['request'];
  const scope = VariableScope.layered([{ key: 'base_url', value: origin }], []);
  return engine.prepare(request, scope, { ...DEFAULT_REQUEST_SETTINGS, timeoutMs });
}

describe('reading a streamed answer', () => {
  it('tells each event as it arrives, and keeps them all when the server ends the stream', async () => {
    const updates: StreamUpdate[] = [];
    const sending = engine.send(await prepared('/events'), {
      jar: null,
      projectId: 'p',
      limits,
      onStream: (update) => updates.push(update),
    });
    await vi.waitFor(() => expect(updates.filter((update) => update.type === 'events')).toHaveLength(1));
    expect(updates[0]).toMatchObject({ type: 'head', kind: 'sse', status: 200 });
    const stream = open.shift();
    stream?.end('id: 2\ndata: two\n\n');
    const outcome = await sending;
    if (outcome.kind !== 'response') throw new Error(`no response: ${outcome.kind}`);
    expect(outcome.stream).toMatchObject({ kind: 'sse', total: 2, cut: false });
    expect(outcome.stream?.events.map(({ id, event, data }) => ({ id, event, data }))).toEqual([
      { id: undefined, event: 'first', data: '{"a":1}' },
      { id: '2', event: undefined, data: 'two' },
    ]);
    expect(outcome.stream?.stopped).toBeUndefined();
    expect(outcome.body.text).toBe('event: first\ndata: {"a":1}\n\nid: 2\ndata: two\n\n');
  });

  it('ends a stream the person stops as a response with what arrived, not a cancelled send', async () => {
    const stop = new AbortController();
    const told: string[] = [];
    const sending = engine.send(await prepared('/events'), {
      jar: null,
      projectId: 'p',
      limits,
      signal: stop.signal,
      onStream: (update) => {
        if (update.type === 'events') told.push(...update.events.map((event) => event.data));
      },
    });
    await vi.waitFor(() => expect(told).toEqual(['{"a":1}']));
    stop.abort();
    const outcome = await sending;
    expect(outcome).toMatchObject({ kind: 'response', stream: { total: 1, stopped: 'stop' } });
  });

  it('ends a stream at the time limit with a warning, keeping its events', async () => {
    const outcome = await engine.send(await prepared('/events', 1500), { jar: null, projectId: 'p', limits });
    expect(outcome).toMatchObject({ kind: 'response', stream: { total: 1, stopped: 'timeout' } });
    if (outcome.kind === 'response') expect(outcome.warnings.join(' ')).toContain("the request's time limit");
  });

  it('reads NDJSON as one event a line', async () => {
    const outcome = await engine.send(await prepared('/ndjson'), { jar: null, projectId: 'p', limits });
    if (outcome.kind !== 'response') throw new Error(`no response: ${outcome.kind}`);
    expect(outcome.stream?.events.map((event) => event.data)).toEqual(['{"n":1}', '{"n":2}']);
  });

  it('tells the chunks of a slow text body sent without a length, and ends it on Stop with what came', async () => {
    const stop = new AbortController();
    const updates: StreamUpdate[] = [];
    const sending = engine.send(await prepared('/slow-text'), {
      jar: null,
      projectId: 'p',
      limits,
      signal: stop.signal,
      onStream: (update) => updates.push(update),
    });
    await vi.waitFor(() => expect(updates.map((update) => update.type)).toEqual(['head', 'events']), { timeout: 5000 });
    expect(updates[0]).toMatchObject({ kind: 'chunks', status: 200 });
    expect(updates[1]).toMatchObject({ index: 0, events: [{ data: 'part one\n' }], raw: 'part one\n' });
    stop.abort();
    const outcome = await sending;
    if (outcome.kind !== 'response') throw new Error(`no response: ${outcome.kind}`);
    expect(outcome.stream).toBeUndefined();
    expect(outcome.body.text).toBe('part one\n');
    expect(outcome.warnings.join(' ')).toContain('Stopped: the connection was closed before the whole body arrived');
  });

  it('shows a quick body sent without a length only whole', async () => {
    const updates: StreamUpdate[] = [];
    const outcome = await engine.send(await prepared('/quick-text'), {
      jar: null,
      projectId: 'p',
      limits,
      onStream: (update) => updates.push(update),
    });
    expect(outcome).toMatchObject({ kind: 'response', body: { text: 'part one\npart two\n' } });
    expect(updates).toEqual([]);
  });
});
