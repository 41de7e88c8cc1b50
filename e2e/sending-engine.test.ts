import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { OAuth2Server } from 'oauth2-mock-server';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { launchPageTarget, standInBrowser } from './support/stand-in-browser.js';
import { testCertificates } from './support/tls-certificates.js';
import { openUiApi, type UiApi } from './support/ui-api.js';

/*
 * The sending engine through the real app: a `client` process, its UI API as the window calls it, and servers of
 * every kind started here on 127.0.0.1. The system browser of an OAuth 2.0 sign-in is a stand-in program that
 * writes down what it was given, which the test then follows as a browser would.
 */

const dir = mkdtempSync(join(tmpdir(), 'client-sending-'));
const browser = standInBrowser(dir);
const certificates = testCertificates(dir);
const servers: (Server | HttpsServer | Http2SecureServer)[] = [];
/** What the servers saw, one line each. */
const seen: string[] = [];
let app: AppProcess;
let ui: UiApi;
let authServer: OAuth2Server;

async function listen<T extends Server | HttpsServer | Http2SecureServer>(server: T, scheme: string) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function site(name: string) {
  return (incoming: IncomingMessage, response: ServerResponse) => {
    seen.push(`${name} HTTP/${incoming.httpVersion} ${incoming.method} ${incoming.url}`);
    if (incoming.url === '/moved') {
      response.writeHead(302, { location: '/here' });
      response.end();
    } else if (incoming.url === '/set-cookie') {
      response.setHeader('set-cookie', 'session=abc123; Path=/; HttpOnly');
      response.end('set');
    } else if (incoming.url === '/slow') {
      // Never answers: the app gives up after its timeout.
    } else {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ cookie: incoming.headers.cookie ?? null, auth: incoming.headers.authorization ?? null }),
      );
    }
  };
}

const origins: Record<string, string> = {};

beforeAll(async () => {
  const { ca, server, selfSigned } = certificates;
  origins.plain = await listen(createHttpServer(site('plain')), 'http');
  origins.h2 = await listen(
    createSecureServer({ cert: server.cert, key: server.key, allowHTTP1: true }, (incoming, response) => {
      seen.push(`h2 HTTP/${incoming.httpVersion}`);
      response.end('over h2');
    }),
    'https',
  );
  origins.selfSigned = await listen(
    createHttpsServer({ cert: selfSigned.cert, key: selfSigned.key }, site('self-signed')),
    'https',
  );
  origins.mtls = await listen(
    createHttpsServer(
      { cert: server.cert, key: server.key, ca: ca.cert, requestCert: true, rejectUnauthorized: true },
      (incoming, response) => {
        seen.push(`mtls ${(incoming.socket as TLSSocket).getPeerCertificate().subject?.CN}`);
        response.end('hello, client');
      },
    ),
    'https',
  );
  const proxy = createHttpServer((_incoming, response) => {
    response.statusCode = 405;
    response.end();
  });
  proxy.on('connect', (incoming, socket, head) => {
    seen.push(`proxy CONNECT ${incoming.url}`);
    const [host, port] = (incoming.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  origins.proxy = await listen(proxy, 'http');

  authServer = new OAuth2Server();
  await authServer.issuer.keys.generate('RS256');
  await authServer.start(0, '127.0.0.1');

  app = await startAppProcess({ env: { BROWSER: browser.program } });
  ui = await openUiApi(app);
});

afterAll(async () => {
  // The app first: it holds its kept-alive connections to these servers open until it stops.
  await cleanupAppProcesses();
  for (const server of servers) {
    (server as Server).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
  await authServer?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let projectId: string;

/** Creates a project whose base_url is `origin` and sends GET `path` with `settings` and `auth`. */
async function send(origin: string, path: string, options: { settings?: object; auth?: object } = {}) {
  projectId ??= (await ui.call('POST', '/api/projects', { name: 'Sending' })).json.id;
  await ui.call('PUT', `/api/projects/${projectId}/variables`, { variables: [{ key: 'base_url', value: origin }] });
  const answer = await ui.call('POST', '/api/send', {
    requestId: crypto.randomUUID(),
    projectId,
    endpointId: null,
    environmentId: null,
    request: {
      name: 'x',
      method: 'GET',
      path,
      queryParams: [],
      headers: [],
      body: { mode: 'none' },
      auth: options.auth ?? { type: 'none' },
      state: 'Designing',
      ...(options.settings === undefined ? {} : { settings: options.settings }),
    },
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

describe('the sending engine, through the app', () => {
  it('sends a path that starts with a variable holding a whole URL to that host, not after base_url', async () => {
    await send(origins.plain ?? '', '/warm-up');
    await ui.call('PUT', `/api/projects/${projectId}/variables`, {
      variables: [
        { key: 'base_url', value: origins.proxy },
        { key: 'tls_host', value: origins.plain },
      ],
    });
    const before = seen.length;
    const answer = await ui.call('POST', '/api/send', {
      requestId: crypto.randomUUID(),
      projectId,
      endpointId: null,
      environmentId: null,
      request: {
        name: 'x',
        method: 'GET',
        path: '{{tls_host}}/echo',
        queryParams: [],
        headers: [],
        body: { mode: 'none' },
        auth: { type: 'none' },
        state: 'Designing',
      },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.status).toBe(200);
    expect(seen.slice(before)).toEqual(['plain HTTP/1.1 GET /echo']);
  });

  it('speaks HTTP/1.1, and HTTP/2 to a server that offers it unless told not to', async () => {
    seen.length = 0;
    expect(await send(origins.plain ?? '', '/one')).toMatchObject({ outcome: 'response', status: 200 });
    const trusted = { caFile: certificates.ca.certFile };
    expect(await send(origins.h2 ?? '', '/', { settings: trusted })).toMatchObject({ body: 'over h2' });
    expect(await send(origins.h2 ?? '', '/', { settings: { ...trusted, http2: false } })).toMatchObject({
      body: 'over h2',
    });
    expect(seen).toEqual(['plain HTTP/1.1 GET /one', 'h2 HTTP/2.0', 'h2 HTTP/1.1']);
  });

  it('refuses a self-signed certificate unless verification is off, and says so when it is', async () => {
    const refused = await send(origins.selfSigned ?? '', '/');
    expect(refused.outcome).toBe('failed');
    expect(refused.message).toMatch(/self-signed/);
    expect(await send(origins.selfSigned ?? '', '/', { settings: { verifyTls: false } })).toMatchObject({
      outcome: 'response',
      warnings: ['TLS certificates were not verified (the request settings turn verification off).'],
    });
  });

  it('trusts a custom CA and presents a client certificate to a server that requires one', async () => {
    expect((await send(origins.mtls ?? '', '/')).outcome).toBe('failed');
    const trusted = { caFile: certificates.ca.certFile };
    expect((await send(origins.mtls ?? '', '/', { settings: trusted })).outcome).toBe('failed');
    const withCertificate = {
      ...trusted,
      clientCertFile: certificates.client.certFile,
      clientKeyFile: certificates.client.keyFile,
    };
    expect(await send(origins.mtls ?? '', '/', { settings: withCertificate })).toMatchObject({
      outcome: 'response',
      body: 'hello, client',
      warnings: [],
    });
    expect(seen).toContain('mtls client');
  });

  it('tunnels https through a CONNECT proxy', async () => {
    seen.length = 0;
    const settings = {
      caFile: certificates.ca.certFile,
      proxy: { mode: 'url', url: origins.proxy, noProxy: '' },
    };
    expect(await send(origins.h2 ?? '', '/', { settings })).toMatchObject({ outcome: 'response', body: 'over h2' });
    expect(seen[0]).toBe(`proxy CONNECT ${new URL(origins.h2 ?? '').host}`);
  });

  it('follows redirects and says so, shows one instead when told, and gives up after the timeout', async () => {
    const followed = await send(origins.plain ?? '', '/moved');
    expect(followed).toMatchObject({ status: 200, warnings: [`Followed redirects to ${origins.plain}/here.`] });
    expect(await send(origins.plain ?? '', '/moved', { settings: { followRedirects: false } })).toMatchObject({
      status: 302,
    });
    expect(await send(origins.plain ?? '', '/slow', { settings: { timeoutMs: 500 } })).toMatchObject({
      outcome: 'failed',
      message: 'no complete response within 500 ms; the request was given up',
    });
  });

  it('keeps a cookie a response set and sends it with the next request to that server', async () => {
    await send(origins.plain ?? '', '/set-cookie');
    const next = await send(origins.plain ?? '', '/echo');
    expect(JSON.parse(next.body).cookie).toBe('session=abc123');
    const history = (await ui.call('GET', `/api/history/${next.historyId}`)).json;
    expect(history.requestHeaders).toContainEqual({ key: 'Cookie', value: '••••' });
  });

  it('gets an OAuth 2.0 token with client credentials and sends it as the bearer', async () => {
    const auth = {
      type: 'oauth2',
      tokenUrl: `${authServer.issuer.url}/token`,
      clientId: 'service-a',
      clientSecret: 'service-a-secret',
      scope: 'orders:read',
    };
    const sent = await send(origins.plain ?? '', '/echo', { auth });
    expect(sent.outcome).toBe('response');
    const bearer = String(JSON.parse(sent.body).auth);
    expect(bearer).toMatch(/^Bearer eyJ/);
    const history = (await ui.call('GET', `/api/history/${sent.historyId}`)).json;
    expect(JSON.stringify(history.requestHeaders)).not.toContain(bearer.slice('Bearer '.length));
  });

  it('signs in with the authorization code grant through the system browser, then sends the token', async () => {
    const auth = {
      type: 'oauth2',
      grant: 'authorizationCode',
      authorizationUrl: `${authServer.issuer.url}/authorize`,
      tokenUrl: `${authServer.issuer.url}/token`,
      clientId: 'desktop-app',
      clientSecret: '',
      scope: 'openid',
    };
    // Inherited from the project, as an API's endpoints would share one sign-in.
    expect((await ui.call('PUT', `/api/projects/${projectId}/auth`, auth)).status).toBe(200);
    const signIn = { projectId, environmentId: null, folderId: null, auth: { type: 'inherit' } };
    const started = await ui.call('POST', '/api/oauth2/sign-ins', signIn);
    expect(started.status, started.text).toBe(201);

    // The browser was given a launch page, never the authorization URL: another account reads command lines in
    // `ps`, and this one's state, PKCE challenge and listener port are what a sign-in of its own would need.
    await expect.poll(() => browser.visits().length, { timeout: 15_000, interval: 50 }).toBe(1);
    const [visit] = browser.visits();
    const url = new URL(started.json.authorizationUrl);
    const listener = new URL(url.searchParams.get('redirect_uri') ?? '').host;
    for (const revealing of [url.searchParams.get('state'), url.searchParams.get('code_challenge'), listener]) {
      expect(revealing).toMatch(/.{8}/);
      expect(visit?.argv.join(' ')).not.toContain(revealing);
    }
    expect(visit?.argv).toEqual([expect.stringMatching(/^file:\/\/\/.+\.html$/)]);
    expect(visit?.page).toMatchObject({ mode: 0o600, folderMode: 0o700 });
    // Followed to the authorization server and back to the app, as a browser would.
    expect(launchPageTarget(visit?.page?.text ?? '')).toBe(url.href);
    const authorize = await request(url.href);
    await authorize.body.dump();
    expect(authorize.statusCode).toBe(302);
    const back = await request(String(authorize.headers.location));
    expect(back.statusCode).toBe(200);
    expect(await back.body.text()).toContain('You can close this tab');

    const finished = await ui.call('GET', `/api/oauth2/sign-ins/${started.json.flowId}`);
    expect(finished.json).toMatchObject({ hasToken: true, refreshable: true });
    // The sign-in has ended: its launch page is gone.
    expect(existsSync(visit?.page?.path ?? '')).toBe(false);
    const sent = await send(origins.plain ?? '', '/echo', { auth: { type: 'inherit' } });
    expect(JSON.parse(sent.body).auth).toMatch(/^Bearer eyJ/);
  });
});
