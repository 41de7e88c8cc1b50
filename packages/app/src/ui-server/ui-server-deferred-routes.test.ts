import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@client/core';
import { openStore, type Store } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  writeFileSync(join(dataDir, 'bundle', 'index.html'), '<!doctype html><title>Client</title>');
  // A response body an earlier run left behind.
  mkdirSync(join(dataDir, 'responses'), { mode: 0o700 });
  writeFileSync(join(dataDir, 'responses', 'left-over'), 'body');
  store = openStore(join(dataDir, 'client.db'));
  subscribed = [];
  active = 0;
  ui = await startUiServer({
    store,
    events: countingEvents(),
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
  it('listens at once but builds its routes on the first request, answering every request that came meanwhile', async () => {
    expect(readdirSync(join(dataDir, 'responses'))).toEqual([]);
    expect(subscribed).toEqual([]);
    const secret = new URL(ui.url).searchParams.get('session') ?? '';
    const [first, second, opened] = await Promise.all([
      call(ui.port, 'GET', '/api/projects'),
      call(ui.port, 'GET', '/api/projects'),
      call(ui.port, 'GET', `/?session=${secret}`),
    ]);
    expect([first.status, second.status, opened.status]).toEqual([401, 401, 302]);
    expect(first.json.code).toBe('UNAUTHORIZED');
    expect(opened.headers.location).toMatch(/^\/#window=[A-Za-z0-9_-]{43}$/);
    expect([...subscribed].sort()).toEqual(['endpoint-imported', 'projects-changed']);

    const cookie = `client_session_${ui.port}=${secret}`;
    const windowToken = String(opened.headers.location).slice('/#window='.length);
    const projects = await call(ui.port, 'GET', '/api/projects', {
      headers: { cookie, 'x-client-window': windowToken },
    });
    expect(projects.status).toBe(200);
    expect(subscribed).toHaveLength(2);
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
    expect([...subscribed].sort()).toEqual(['endpoint-imported', 'projects-changed']);
    expect(active).toBe(2);
  });

  it('closes without ever building its routes, and its port is free again', async () => {
    await ui.close();
    expect(subscribed).toEqual([]);
    expect(await refused(ui.port)).toBe(true);
  });

  it('closes routes that were still being built when it was asked to', async () => {
    const sending = agentSend().catch((error: unknown) => error);
    await ui.close();
    expect(subscribed).toHaveLength(2);
    expect(active).toBe(0);
    expect(await refused(ui.port)).toBe(true);
    expect(await sending).toBeInstanceOf(AppError);
  });
});
