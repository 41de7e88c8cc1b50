import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@client/core';
import { openStore, type Store } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockControl } from '../mocks/create-mock-control.js';
import { type AppEventName, type AppEvents, createAppEvents } from '../runtime/app-events.js';
import { startUiServer, type UiServer } from './ui-server.js';
import { call, testAgentFacts } from './ui-server.test-support.js';

let dataDir: string;
let store: Store;
/** The events the routes subscribe to when they are built: what tells a built UI server from a listener alone. */
let subscribed: AppEventName[];
/** Subscriptions not yet ended. */
let active: number;
let ui: UiServer;

function countingEvents(): AppEvents {
  const events = createAppEvents((error) => {
    throw error;
  });
  return {
    on(name, listener) {
      subscribed.push(name);
      active++;
      const unsubscribe = events.on(name, listener);
      return () => {
        active--;
        unsubscribe();
      };
    },
    emit: (name, payload) => events.emit(name, payload),
  };
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'client-ui-deferred-'));
  mkdirSync(join(dataDir, 'bundle'));
  mkdirSync(join(dataDir, 'bundle', 'assets'), { recursive: true });
  writeFileSync(join(dataDir, 'bundle', 'index.html'), '<!doctype html><title>Client</title>');
  writeFileSync(join(dataDir, 'bundle', 'assets', 'index-1a2b.js'), 'console.log("ui")');
  // Beside the bundle: what a path that leaves it would reach.
  writeFileSync(join(dataDir, 'secret.txt'), 'what lies beside the bundle');
  // A response body an earlier run left behind.
  mkdirSync(join(dataDir, 'responses'), { mode: 0o700 });
  writeFileSync(join(dataDir, 'responses', 'left-over'), 'body');
  store = openStore(join(dataDir, 'client.db'));
  subscribed = [];
  active = 0;
  ui = await startUiServer({
    store,
    events: countingEvents(),
    mocks: createMockControl({ store }),
    openSecrets: () => Promise.reject(new Error('no secrets in this test')),
    importCurl: () => {
      throw new Error('no imports in this test');
    },
    agent: () =>
      testAgentFacts(dataDir, { running: false, port: null, address: null, reason: 'not started in this test' }),
    bundleDir: join(dataDir, 'bundle'),
  });
});

afterEach(async () => {
  await ui.close();
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('the UI server before its window opens', () => {
  const secret = () => new URL(ui.url).searchParams.get('session') ?? '';
  const cookies = new WeakMap<object, string>();
  /** This server's session cookie, as a window gets it when it opens the printed address (the same for every window). */
  const cookie = async (): Promise<string> => {
    const known = cookies.get(ui);
    if (known !== undefined) return known;
    const opened = await call(ui.port, 'GET', `/?session=${secret()}`);
    const value = String(opened.headers['set-cookie']?.[0]).split(';')[0] ?? '';
    cookies.set(ui, value);
    return value;
  };

  it('listens at once, and refuses requests without the session without building its routes', async () => {
    expect(readdirSync(join(dataDir, 'responses'))).toEqual([]);
    const [apiAnswer, page, asset] = await Promise.all([
      call(ui.port, 'GET', '/api/projects'),
      call(ui.port, 'GET', '/'),
      call(ui.port, 'GET', '/assets/index-1a2b.js'),
    ]);
    expect([apiAnswer.status, page.status, asset.status]).toEqual([401, 401, 401]);
    expect(apiAnswer.json.code).toBe('UNAUTHORIZED');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('This page cannot open Client');
    expect(subscribed).toEqual([]);
  });

  it('serves the page and its assets before the routes are built, with the page headers', async () => {
    const [asset, head] = await Promise.all([
      call(ui.port, 'GET', '/assets/index-1a2b.js', { headers: { cookie: await cookie() } }),
      call(ui.port, 'HEAD', '/assets/index-1a2b.js', { headers: { cookie: await cookie() } }),
    ]);
    const page = await call(ui.port, 'GET', '/', { headers: { cookie: await cookie() } });
    expect(page).toMatchObject({ status: 200, text: '<!doctype html><title>Client</title>' });
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': expect.stringContaining("script-src 'self'"),
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(asset).toMatchObject({ status: 200, text: 'console.log("ui")' });
    expect(asset.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    });
    expect(head).toMatchObject({ status: 200, text: '' });
    expect(head.headers['content-length']).toBe(String('console.log("ui")'.length));
  });

  it('keeps the Host and Origin checks on the page and its assets', async () => {
    const session = { cookie: await cookie() };
    const rebound = await call(ui.port, 'GET', '/assets/index-1a2b.js', {
      headers: { ...session, host: `evil.example:${ui.port}` },
    });
    const foreign = await call(ui.port, 'GET', '/', { headers: { ...session, origin: 'http://evil.example' } });
    expect([rebound.status, foreign.status]).toEqual([403, 403]);
    expect(rebound.text).toContain('the Host header must be');
    expect(foreign.text).toContain('requests from other web pages are refused');
    expect(subscribed).toEqual([]);
  });

  it('answers what is no file of the bundle as an unknown address, never a file beside it', async () => {
    const headers = { cookie: await cookie() };
    const answers = await Promise.all(
      ['/../secret.txt', '/%2e%2e/secret.txt', '/assets', '/assets/', '/nothing.js'].map((path) =>
        call(ui.port, 'GET', path, { headers }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('is not part of the UI server');
      expect(answer.text).not.toContain('what lies beside the bundle');
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const posted = await call(ui.port, 'POST', '/', { headers, body: {} });
    expect(posted.status).toBe(404);
    expect(posted.text).toContain('POST / is not part of the UI server');
    // A raw client may send markup in the address; the page shows it as text.
    const marked = await call(ui.port, 'GET', '/<b>bold</b>', { headers });
    expect(marked.text).toContain('/&lt;b&gt;bold&lt;/b&gt; is not part of the UI server');
    expect(subscribed).toEqual([]);
  });

  it('opens a session and serves its page and assets without building its routes, not even by the time it stops', async () => {
    const opened = await call(ui.port, 'GET', `/?session=${secret()}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toMatch(/^\/#window=[A-Za-z0-9_-]{43}$/);
    expect(opened.headers['set-cookie']).toEqual([`${await cookie()}; Path=/; HttpOnly; SameSite=Strict`]);
    await call(ui.port, 'GET', '/assets/index-1a2b.js', { headers: { cookie: await cookie() } });
    expect((await call(ui.port, 'GET', '/', { headers: { cookie: await cookie() } })).status).toBe(200);
    // Not while the window draws the page: they would take the CPU it needs. Stopping builds and closes routes that
    // are still being built, so routes the page had set off would have subscribed by the time it has stopped.
    await ui.close();
    expect(subscribed).toEqual([]);
  });

  it("builds its routes for a window's first API call", async () => {
    const opened = await call(ui.port, 'GET', `/?session=${secret()}`);
    expect(subscribed).toEqual([]);
    const windowToken = String(opened.headers.location).slice('/#window='.length);
    const preferences = await call(ui.port, 'GET', '/api/preferences', {
      headers: { cookie: await cookie(), 'x-client-window': windowToken },
    });
    expect(preferences).toMatchObject({ status: 200, json: expect.objectContaining({ theme: 'system' }) });
    expect(preferences.headers['cache-control']).toBe('no-store');
    expect([...subscribed].sort()).toEqual(['endpoint-imported', 'linked-files-changed', 'projects-changed']);
  });

  it('answers the project list, what the first screen asks for, before its routes are built', async () => {
    store.projects.create({ name: 'Shop' });
    const opened = await call(ui.port, 'GET', `/?session=${secret()}`);
    const headers = {
      cookie: await cookie(),
      'x-client-window': String(opened.headers.location).slice('/#window='.length),
    };
    const projects = await call(ui.port, 'GET', '/api/projects', { headers });
    expect(projects).toMatchObject({
      status: 200,
      json: [expect.objectContaining({ name: 'Shop', endpointCount: 0 })],
    });
    expect(projects.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    expect(subscribed).toEqual([]);
    // The same answer as the routes give, once they are built.
    expect((await call(ui.port, 'GET', '/api/nothing', { headers })).status).toBe(404);
    expect(subscribed).toHaveLength(3);
    expect((await call(ui.port, 'GET', '/api/projects', { headers })).json).toEqual(projects.json);
    // Without the window's token the list is refused, as every API call is.
    expect((await call(ui.port, 'GET', '/api/projects', { headers: { cookie: await cookie() } })).status).toBe(401);
  });

  it('builds its routes for an API request with the session, answering every request that came meanwhile', async () => {
    const opened = await call(ui.port, 'GET', `/?session=${secret()}`);
    const headers = {
      cookie: await cookie(),
      'x-client-window': String(opened.headers.location).slice('/#window='.length),
    };
    const answers = await Promise.all([
      call(ui.port, 'GET', '/api/projects', { headers }),
      call(ui.port, 'GET', '/api/nothing', { headers }),
      call(ui.port, 'GET', '/', { headers }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200]);
    expect(answers[1]?.json).toEqual({ code: 'NOT_FOUND', message: 'GET /api/nothing is not part of the UI server' });
    expect(subscribed).toHaveLength(3);
  });

  const agentSend = () =>
    ui.sendForAgent({
      endpointId: 'no-such-endpoint',
      environmentId: null,
      overrides: { query: [], headers: [], body: null },
      timeoutMs: 1000,
    });

  it("builds its routes for an agent's send when no window has asked yet", async () => {
    await expect(agentSend()).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'NOT_FOUND');
    expect([...subscribed].sort()).toEqual(['endpoint-imported', 'linked-files-changed', 'projects-changed']);
    expect(active).toBe(3);
  });

  it('closes without ever building its routes, and its port is free again', async () => {
    await ui.close();
    expect(subscribed).toEqual([]);
    expect(await refused(ui.port)).toBe(true);
  });

  it('closes routes that were still being built when it was asked to', async () => {
    const sending = agentSend().catch((error: unknown) => error);
    await ui.close();
    expect(subscribed).toHaveLength(3);
    expect(active).toBe(0);
    expect(await refused(ui.port)).toBe(true);
    expect(await sending).toBeInstanceOf(AppError);
  });
});
