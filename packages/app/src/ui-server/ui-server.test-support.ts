import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ControlPlaneStatus, storeHandlers } from '@client/control-plane';
import { type EndpointDraft, parseCurl } from '@client/core';
import type { OpenBrowser } from '@client/http';
import { openSecretBox, type SecretBox, systemKeychain } from '@client/secrets';
import { openStore, type Store } from '@client/store';
import { startAppLinkedFolders } from '../linked/app-linked-folders.js';
import type { LinkedFolders } from '../linked/linked-folders.js';
import { createMockControl } from '../mocks/create-mock-control.js';
import type { MockControl } from '../mocks/mock-control.js';
import { type AppEvents, createAppEvents } from '../runtime/app-events.js';
import { watchDataVersion } from '../runtime/data-version-watch.js';
import { startUiServer, type UiServer } from './ui-server.js';
import type { AgentFacts } from './ui-server-options.js';

export interface TestApp {
  dataDir: string;
  databasePath: string;
  store: Store;
  events: AppEvents;
  secrets: SecretBox;
  /** The control plane's import, as an agent's request reaches it. */
  agentImport(command: string, projectId?: string): { endpointId: string; name: string };
  ui: UiServer;
  /** The projects kept as folders of files, as the app runs them. */
  linked: LinkedFolders;
  /** The session cookie the browser keeps after opening `ui.url`. */
  cookie: string;
  /** The token of a window that opened its session, which every `/api/` call must carry as well. */
  windowToken: string;
  controlPlane: ControlPlaneStatus;
  /** The app's mocks, stopped when the test app closes. */
  mocks: MockControl;
  /** How often the watch for other processes' commits has checked the database: one check after a commit sees it. */
  dataVersionChecks(): number;
  close(): Promise<void>;
}

/** The Agent panel's facts of a test app in `dataDir`; its agents' files are in a home of the test's own. */
export function testAgentFacts(dataDir: string, controlPlane: ControlPlaneStatus): AgentFacts {
  return {
    controlPlane,
    tokenPath: join(dataDir, 'agent-token'),
    dataDir,
    flavor: 'dev',
    version: '0.1.0',
    mcpCommand: '/opt/client/bin/client-mcp',
    // Never the person's own home.
    agentEnvironment: { home: join(dataDir, 'home'), platform: 'linux' },
  };
}

/** A data dir with no keychain: the secret box keeps its key in a 0600 file there, as on a headless machine. */
const noKeychain = () => systemKeychain({ env: { PATH: process.env.PATH }, timeoutMs: 30_000 });

/**
 * A UI server over a real store file, a real secret box and the control plane's real import path, as the
 * app wires them; the bundle is a small page written to the data dir.
 */
export async function startTestApp(
  options: {
    sendTimeoutMs?: number;
    dataVersionPollMs?: number;
    /** The person's browser for an OAuth 2.0 sign-in; none unless given, so a test never opens a real one. */
    openBrowser?: OpenBrowser;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'client-ui-server-'));
  const bundleDir = join(dataDir, 'bundle');
  mkdirSync(join(bundleDir, 'assets'), { recursive: true });
  writeFileSync(
    join(bundleDir, 'index.html'),
    '<!doctype html><title>Client</title><script src="/assets/app.js"></script>',
  );
  writeFileSync(join(bundleDir, 'assets', 'app.js'), 'console.log("ui")');

  const databasePath = join(dataDir, 'client.db');
  const store = openStore(databasePath);
  const events = createAppEvents((error) => {
    throw error;
  });
  const handlers = storeHandlers(store, { onEndpointImported: (event) => events.emit('endpoint-imported', event) });
  const openSecrets = () => openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() });
  const controlPlane: ControlPlaneStatus = {
    running: true,
    port: 4117,
    address: 'http://127.0.0.1:4117',
    reason: null,
  };
  // As the runtime does: commits by other processes are announced for the UI to refresh its lists.
  let dataVersionChecks = 0;
  const counted = {
    dataVersion: () => {
      dataVersionChecks++;
      return store.dataVersion();
    },
  };
  const stopWatch = watchDataVersion(counted, options.dataVersionPollMs ?? 500, (dataVersion) =>
    events.emit('projects-changed', { dataVersion }),
  );
  const mocks = createMockControl({ store });
  const linked = startAppLinkedFolders(store, events);
  const ui = await startUiServer({
    store,
    events,
    mocks,
    linked,
    openSecrets,
    importCurl: (importRequest) => handlers.importCurl(importRequest, parseCurl(importRequest.command), 'person'),
    agent: () => testAgentFacts(dataDir, controlPlane),
    bundleDir,
    ...(options.sendTimeoutMs === undefined ? {} : { sendTimeoutMs: options.sendTimeoutMs }),
    openBrowser: options.openBrowser ?? (() => Promise.reject(new Error('no browser in tests'))),
  });
  const secret = new URL(ui.url).searchParams.get('session') ?? '';
  // As the window does: open the session, and keep the window token the redirect hands over.
  const opened = await call(ui.port, 'GET', `/?session=${secret}`);
  const windowToken = /^\/#window=(.+)$/.exec(String(opened.headers.location))?.[1] ?? '';
  const cookie = String(opened.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  // The same key file as the server's box: the tests read what the app stored.
  const secrets = await openSecrets();
  return {
    dataDir,
    databasePath,
    store,
    events,
    secrets,
    agentImport(command, projectId) {
      const request = { command, ...(projectId === undefined ? {} : { projectId }) };
      const result = handlers.importCurl(request, parseCurl(command));
      return { endpointId: result.endpointId, name: result.name };
    },
    ui,
    linked,
    cookie,
    windowToken,
    controlPlane,
    dataVersionChecks: () => dataVersionChecks,
    mocks,
    async close() {
      await mocks.stopAll();
      await ui.close();
      await linked.close();
      stopWatch();
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HttpAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON came back
  json: any;
}

/** One HTTP request with full control over Host, Origin and Cookie, which `fetch` does not give. */
export function call(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpAnswer> {
  // Bytes go as they are (a picked file); anything else as JSON.
  const raw = Buffer.isBuffer(options.body);
  const body = options.body === undefined ? undefined : raw ? (options.body as Buffer) : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `127.0.0.1:${port}`,
          ...(body === undefined ? {} : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = text === '' ? null : JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** `call` with the session cookie and the window token of `app`. */
export function api(app: TestApp, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
  return call(app.ui.port, method, path, {
    headers: { cookie: app.cookie, 'x-client-window': app.windowToken },
    body,
  });
}

export interface EventReader {
  /** The next event of `type`, or a rejection after `timeoutMs`. */
  next(type: string, timeoutMs?: number): Promise<unknown>;
  /** Every event received so far, in order. */
  received(): { type: string; data: unknown }[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Reads `/api/events` as EventSource would. */
export function readEvents(app: TestApp): Promise<EventReader> {
  return new Promise((resolve, reject) => {
    const events: { type: string; data: unknown }[] = [];
    const waiters: { type: string; resolve: (data: unknown) => void }[] = [];
    let buffer = '';
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: app.ui.port,
        path: `/api/events?window=${app.windowToken}`,
        headers: { host: `127.0.0.1:${app.ui.port}`, cookie: app.cookie, accept: 'text/event-stream' },
      },
      (response) => {
        const ended = new Promise<void>((resolveEnd) => response.on('close', () => resolveEnd()));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type !== undefined && data !== undefined) {
              const event = { type, data: JSON.parse(data) as unknown };
              events.push(event);
              const index = waiters.findIndex((waiter) => waiter.type === type);
              if (index !== -1) waiters.splice(index, 1)[0]?.resolve(event.data);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        resolve({
          next(type, timeoutMs = 5000) {
            return new Promise((resolveNext, rejectNext) => {
              const timer = setTimeout(
                () => rejectNext(new Error(`no ${type} event within ${timeoutMs} ms`)),
                timeoutMs,
              );
              waiters.push({
                type,
                resolve: (data) => {
                  clearTimeout(timer);
                  resolveNext(data);
                },
              });
            });
          },
          received: () => [...events],
          ended,
          close: () => outgoing.destroy(),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server for requests to be sent to; `handle` answers, every request is recorded. */
export async function startTargetServer(
  handle: (request: RecordedRequest, response: ServerResponse) => void = (_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  },
): Promise<{ origin: string; requests: RecordedRequest[]; server: Server; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handle(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An endpoint as the editor sends it: a GET of `/` with nothing else, and `extra` over that. */
export function endpointDraft(extra: Partial<EndpointDraft> = {}): EndpointDraft {
  return {
    name: 'x',
    method: 'GET',
    path: '/',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    ...extra,
  };
}
