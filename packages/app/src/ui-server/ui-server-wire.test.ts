import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type EndpointDraft, isSecretName, type KeyValue, parseQuery } from '@client/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, endpointDraft, startTestApp, type TestApp } from './ui-server.test-support.js';

interface Received {
  method: string;
  url: string;
  /** Every header line as it came, names as written, in order. */
  headers: KeyValue[];
  body: Buffer;
}

let app: TestApp;
let server: Server;
let origin: string;
let other: Server;
let otherOrigin: string;
const received: Received[] = [];

function record(request: IncomingMessage, body: Buffer): void {
  const headers: KeyValue[] = [];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    headers.push({ key: request.rawHeaders[i] ?? '', value: request.rawHeaders[i + 1] ?? '' });
  }
  received.push({ method: request.method ?? '', url: request.url ?? '', headers, body });
}

async function listen(
  handle: (request: IncomingMessage, body: Buffer, response: import('node:http').ServerResponse) => void,
) {
  const started = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      record(request, body);
      handle(request, body, response);
    });
  });
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  return { server: started, origin: `http://127.0.0.1:${(started.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  app = await startTestApp();
  ({ server: other, origin: otherOrigin } = await listen((_request, _body, response) => response.end('elsewhere')));
  ({ server, origin } = await listen((request, _body, response) => {
    const url = request.url ?? '';
    const redirect = /^\/redirect\/(\d+)$/.exec(url);
    if (redirect !== null) {
      response.writeHead(Number(redirect[1]), { location: '/landed' });
      response.end();
    } else if (url === '/away') {
      response.writeHead(307, { location: `${otherOrigin}/landed` });
      response.end();
    } else if (url === '/gzip') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(gzipSync('{"packed":true}'));
    } else {
      response.end('ok');
    }
  }));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => other.close(resolve));
  await app.close();
});

let projectId: string;
async function send(request: Partial<EndpointDraft>) {
  projectId ??= (await api(app, 'POST', '/api/projects', { name: 'Wire', baseUrl: origin })).json.id;
  const answer = await api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: null,
    environmentId: null,
    request: endpointDraft(request),
  });
  return answer.json;
}

const headerName = fc
  .stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/)
  .filter(
    (name) =>
      !isSecretName(name) &&
      !['host', 'connection', 'content-length', 'transfer-encoding', 'expect', 'upgrade', 'keep-alive', 'te'].includes(
        name.toLowerCase(),
      ),
  );
const headerValue = fc.stringMatching(/^[!-~]([ -~]{0,30}[!-~])?$/).filter((value) => !value.includes('{{'));

describe('what goes on the wire', () => {
  it('is what history says was sent: every header, names as written, and the body bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ key: headerName, value: headerValue }), {
          maxLength: 6,
          selector: (header) => header.key.toLowerCase(),
        }),
        fc.option(
          fc.string({ maxLength: 80 }).filter((text) => !text.includes('{{')),
          { nil: null },
        ),
        async (headers, text) => {
          received.length = 0;
          const sent = await send({
            method: text === null ? 'GET' : 'POST',
            headers,
            body: text === null ? { mode: 'none' } : { mode: 'text', text },
          });
          expect(sent.outcome).toBe('response');
          const history = (await api(app, 'GET', `/api/history/${sent.historyId}`)).json;
          const [wire] = received;
          // The connection header is the transport's own; everything else is the request.
          expect(history.requestHeaders).toEqual(wire?.headers.filter((h) => h.key.toLowerCase() !== 'connection'));
          expect(history.requestBody).toBe(text);
          expect(wire?.body.toString('utf8')).toBe(text ?? '');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('carries no header the request did not set, besides Host, Content-Length, Connection and a User-Agent', async () => {
    received.length = 0;
    await send({ headers: [{ key: 'X-Only', value: '1' }] });
    expect(received[0]?.headers.map((h) => h.key.toLowerCase()).sort()).toEqual([
      'connection',
      'host',
      'user-agent',
      'x-only',
    ]);
  });

  it('follows redirects as curl -L does: 303 becomes a GET, 307 and 308 keep the body', async () => {
    for (const [status, method, body] of [
      ['303', 'GET', ''],
      ['307', 'POST', 'payload'],
      ['308', 'POST', 'payload'],
    ] as const) {
      received.length = 0;
      const sent = await send({ method: 'POST', path: `/redirect/${status}`, body: { mode: 'text', text: 'payload' } });
      expect(sent).toMatchObject({
        outcome: 'response',
        status: 200,
        warnings: [`Followed redirects to ${origin}/landed.`],
      });
      expect(received.map((r) => [r.method, r.url, r.body.toString()])).toEqual([
        ['POST', `/redirect/${status}`, 'payload'],
        [method, '/landed', body],
      ]);
    }
  });

  it('does not carry credentials to another origin on a redirect', async () => {
    received.length = 0;
    const sent = await send({ path: '/away', auth: { type: 'bearer', token: 'abc' } });
    expect(sent).toMatchObject({ outcome: 'response', body: 'elsewhere' });
    expect(received[0]?.headers).toContainEqual({ key: 'Authorization', value: 'Bearer abc' });
    expect(received[1]?.headers.map((h) => h.key.toLowerCase())).not.toContain('authorization');
  });

  it('shows a compressed answer decoded', async () => {
    const sent = await send({ path: '/gzip', headers: [{ key: 'Accept-Encoding', value: 'gzip' }] });
    expect(sent).toMatchObject({ outcome: 'response', body: '{"packed":true}' });
  });

  it('keeps the query as written: `name=` with its `=`, `name` without, a variable that is empty after its `=`', async () => {
    await send({});
    const variables = [
      { key: 'base_url', value: origin },
      { key: 'blank', value: '' },
    ];
    expect((await api(app, 'PUT', `/api/projects/${projectId}/variables`, { variables })).status).toBe(200);
    received.length = 0;
    const sent = await send({ path: '/q', queryParams: parseQuery('empty=&flag&page=2&from={{blank}}') });
    expect(sent.outcome).toBe('response');
    expect(received[0]?.url).toBe('/q?empty=&flag&page=2&from=');
    const history = (await api(app, 'GET', `/api/history/${sent.historyId}`)).json;
    expect(history.url).toBe(`${origin}/q?empty=&flag&page=2&from=`);
  });
});
