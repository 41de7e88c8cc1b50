import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { type AddressInfo, connect, type Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import type { EndpointDraft, RequestSettingsOverride } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Certificate, selfSignedCertificate } from './tls-fixtures.test-support.js';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let dir: string;
let serverCert: Certificate;
let clientCert: Certificate;
const servers: (Server | HttpsServer | Http2SecureServer | NetServer)[] = [];
/** What each test server saw: `https`, `mtls`, `h2`, `proxy` (with the request line or CONNECT target). */
const seen: string[] = [];

function origin(server: Server | HttpsServer | Http2SecureServer | NetServer, scheme: string): string {
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function started<T extends Server | HttpsServer | Http2SecureServer | NetServer>(server: T): Promise<T> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return server;
}

let https: HttpsServer;
let mtls: HttpsServer;
let h2: Http2SecureServer;
let plain: Server;
let proxy: Server;

beforeAll(async () => {
  app = await startTestApp();
  dir = mkdtempSync(join(tmpdir(), 'client-tls-'));
  serverCert = selfSignedCertificate(dir, 'server');
  clientCert = selfSignedCertificate(dir, 'client');
  https = await started(
    createHttpsServer({ cert: serverCert.cert, key: serverCert.key }, (request, response) => {
      seen.push(`https ${request.url}`);
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/here' });
        response.end();
      } else if (request.url !== '/slow') response.end('secure');
    }),
  );
  mtls = await started(
    createHttpsServer(
      { cert: serverCert.cert, key: serverCert.key, ca: clientCert.cert, requestCert: true, rejectUnauthorized: true },
      (request, response) => {
        seen.push(`mtls ${(request.socket as TLSSocket).getPeerCertificate().subject?.CN}`);
        response.end('hello, client');
      },
    ),
  );
  h2 = await started(
    createSecureServer({ cert: serverCert.cert, key: serverCert.key, allowHTTP1: true }, (request, response) => {
      seen.push(`h2 ${request.httpVersion}`);
      response.end('over h2');
    }),
  );
  plain = await started(createHttpServer((_request, response) => response.end('plain')));
  // A forward proxy: absolute-form requests for http, CONNECT tunnels for https.
  proxy = createHttpServer((request, response) => {
    seen.push(`proxy ${request.method} ${request.url}`);
    const target = new URL(request.url ?? '');
    const forwarded = httpRequest(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(forwarded);
  });
  proxy.on('connect', (request, socket, head) => {
    seen.push(`proxy CONNECT ${request.url}`);
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await started(proxy);
});

afterAll(async () => {
  // The app first: it holds its kept-alive connections to these servers open until it closes.
  await app.close();
  for (const server of servers) {
    (server as Server).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(dir, { recursive: true, force: true });
});

let projectId: string;
async function send(url: string, settings?: RequestSettingsOverride, path = '/') {
  projectId ??= (await api(app, 'POST', '/api/projects', { name: 'Settings' })).json.id;
  await api(app, 'PUT', `/api/projects/${projectId}/variables`, { variables: [{ key: 'base_url', value: url }] });
  const request: EndpointDraft = {
    name: 'x',
    method: 'GET',
    path,
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    ...(settings === undefined ? {} : { settings }),
  };
  const answer = await api(app, 'POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: null,
    environmentId: null,
    request,
  });
  return answer.json;
}

describe('request settings', () => {
  it('refuse a self-signed server by default, and reach it trusting its CA file or with verification off', async () => {
    const refused = await send(origin(https, 'https'));
    expect(refused).toMatchObject({ outcome: 'failed', message: expect.stringContaining('self-signed') });
    expect(await send(origin(https, 'https'), { caFile: serverCert.certFile })).toMatchObject({
      outcome: 'response',
      body: 'secure',
      warnings: [],
    });
    expect(await send(origin(https, 'https'), { verifyTls: false })).toMatchObject({
      outcome: 'response',
      body: 'secure',
      warnings: ['TLS certificates were not verified (the request settings turn verification off).'],
    });
  });

  it('present a client certificate to a server that requires one', async () => {
    const trusted = { caFile: serverCert.certFile };
    expect(await send(origin(mtls, 'https'), trusted)).toMatchObject({ outcome: 'failed' });
    const withCert = { ...trusted, clientCertFile: clientCert.certFile, clientKeyFile: clientCert.keyFile };
    expect(await send(origin(mtls, 'https'), withCert)).toMatchObject({ outcome: 'response', body: 'hello, client' });
    expect(seen).toContain('mtls client');
  });

  it('speak HTTP/2 with a server that offers it, unless told not to', async () => {
    seen.length = 0;
    expect(await send(origin(h2, 'https'), { caFile: serverCert.certFile })).toMatchObject({ body: 'over h2' });
    expect(await send(origin(h2, 'https'), { caFile: serverCert.certFile, http2: false })).toMatchObject({
      body: 'over h2',
    });
    expect(seen).toEqual(['h2 2.0', 'h2 1.1']);
  });

  it('go through a proxy: a CONNECT tunnel for https, the absolute URL for http; not for a no-proxy host', async () => {
    seen.length = 0;
    const through = { mode: 'url' as const, url: origin(proxy, 'http'), noProxy: '' };
    expect(await send(origin(https, 'https'), { caFile: serverCert.certFile, proxy: through })).toMatchObject({
      body: 'secure',
    });
    expect(await send(origin(plain, 'http'), { proxy: through }, '/via')).toMatchObject({ body: 'plain' });
    expect(await send(origin(plain, 'http'), { proxy: { ...through, noProxy: '127.0.0.1' } })).toMatchObject({
      body: 'plain',
    });
    expect(seen).toEqual([
      `proxy CONNECT 127.0.0.1:${(https.address() as AddressInfo).port}`,
      'https /',
      `proxy GET ${origin(plain, 'http')}/via`,
    ]);
  });

  it('give up after the timeout the settings set, and show a redirect instead of following it when told', async () => {
    const trusted = { caFile: serverCert.certFile };
    expect(await send(origin(https, 'https'), { ...trusted, timeoutMs: 300 }, '/slow')).toMatchObject({
      outcome: 'failed',
      message: 'no complete response within 300 ms; the request was given up',
    });
    expect(await send(origin(https, 'https'), { ...trusted, followRedirects: false }, '/moved')).toMatchObject({
      outcome: 'response',
      status: 302,
    });
    expect(await send(origin(https, 'https'), trusted, '/moved')).toMatchObject({ status: 200 });
  });

  it('time each phase of a send, and no connection phase when a kept-alive connection is reused', async () => {
    const fresh = await started(
      createHttpsServer({ cert: serverCert.cert, key: serverCert.key }, (_request, response) => response.end('ok')),
    );
    let handshakes = 0;
    fresh.on('secureConnection', () => handshakes++);
    const first = (await send(origin(fresh, 'https'), { caFile: serverCert.certFile })).timing;
    expect(first.tlsMs).toBeGreaterThan(0);
    expect(first.dnsMs + first.connectMs + first.tlsMs + first.waitMs + first.downloadMs).toBeCloseTo(first.totalMs, 0);
    const again = (await send(origin(fresh, 'https'), { caFile: serverCert.certFile })).timing;
    expect(again).toMatchObject({ dnsMs: 0, connectMs: 0, tlsMs: 0 });
    expect(handshakes).toBe(1);
  });

  it('use the project’s settings for every endpoint that does not set its own, and refuse a bad one', async () => {
    const url = origin(https, 'https');
    await send(url);
    expect((await api(app, 'PUT', `/api/projects/${projectId}/request-settings`, { verifyTls: false })).status).toBe(
      200,
    );
    expect(await send(url)).toMatchObject({ outcome: 'response' });
    expect(await send(url, { verifyTls: true })).toMatchObject({ outcome: 'failed' });
    const bad = await api(app, 'PUT', `/api/projects/${projectId}/request-settings`, { verifyTls: 'sometimes' });
    expect(bad).toMatchObject({ status: 400, json: { code: 'VALIDATION' } });
    expect((await api(app, 'GET', `/api/projects/${projectId}/request-settings`)).json).toEqual({ verifyTls: false });
    await api(app, 'PUT', `/api/projects/${projectId}/request-settings`, {});
  });
});
