import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAgentInfo, readAppState, readToken, readUiInfo } from '@client/local';
import { systemKeychain } from '@client/secrets';
import { openStore } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../mocks/mock-control.test-support.js';
import type { AppEventMap } from './app-events.js';

import { type RunningApp, startApp } from './start-app.js';

let dataDir: string;
const apps: RunningApp[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'client-app-'));
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the app on an ephemeral port: unit tests never take the shared ports 4110–4129. */
async function start(): Promise<RunningApp> {
  const result = await startApp({ dataDir, flavor: 'dev', ports: [0] });
  if (!result.started) throw new Error('expected the app to start');
  apps.push(result.app);
  return result.app;
}

function postImport(port: number, token: string, command: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ command });
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/agent/curl',
        headers: { 'x-agent-token': token, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('startApp', () => {
  it('starts the control plane and records where it listens in agent.json and app-state.json', async () => {
    const app = await start();
    if (!app.controlPlane.running) throw new Error(app.controlPlane.reason);
    expect(readAgentInfo(dataDir)).toEqual({
      port: app.controlPlane.port,
      pid: process.pid,
      version: '0.1.0',
      flavor: 'dev',
      startedAt: app.startedAt,
    });
    expect(readAppState(dataDir)?.controlPlane).toEqual({ running: true, port: app.controlPlane.port, reason: null });
    expect(app.tokenNotice).toContain('created a new agent token');
  });

  it('announces endpoint-imported for imports over the control plane and through importCurl', async () => {
    const app = await start();
    const seen: AppEventMap['endpoint-imported'][] = [];
    app.events.on('endpoint-imported', (event) => seen.push(event));
    const status = await postImport(app.controlPlane.port ?? 0, readToken(dataDir) ?? '', 'curl https://a.example/x');
    const direct = app.importCurl({ command: 'curl https://a.example/y' });
    expect(status).toBe(201);
    expect(seen).toEqual([
      { projectId: direct.projectId, endpointId: expect.any(String), name: 'x' },
      { projectId: direct.projectId, endpointId: direct.endpointId, name: 'y' },
    ]);
  });

  it('gives way to an instance that already holds the data dir', async () => {
    const app = await start();
    const second = await startApp({ dataDir, flavor: 'dev', ports: [0] });
    expect(second).toEqual({
      started: false,
      holder: { pid: process.pid, startedAt: expect.any(String) },
      agentInfo: expect.objectContaining({ port: app.controlPlane.port }),
    });
  });

  it('on close removes agent.json, app-state.json and the lock, and closes the database', async () => {
    const app = await start();
    await app.close();
    await app.close();
    expect(readdirSync(dataDir).sort()).toEqual(['agent-token', 'client.db']);
    expect(() => app.store.listProjectSummaries()).toThrow(/not open/);
    expect(existsSync(join(dataDir, 'client.lock'))).toBe(false);
  });

  it('announces projects-changed when another process writes to the database', async () => {
    const app = await start();
    const changed = new Promise<AppEventMap['projects-changed']>((resolve) =>
      app.events.on('projects-changed', resolve),
    );
    const cli = openStore(app.paths.databasePath);
    try {
      cli.projects.create({ name: 'From the CLI' });
      expect(await changed).toEqual({ dataVersion: expect.any(Number) });
    } finally {
      cli.close();
    }
  });

  it('starts the UI server when asked, records its address in ui.json, and removes it on close', async () => {
    const result = await startApp({
      dataDir,
      flavor: 'dev',
      ports: [0],
      ui: { mcpCommand: '/usr/bin/client-mcp', keychain: systemKeychain({ env: { PATH: process.env.PATH } }) },
    });
    if (!result.started) throw new Error('expected the app to start');
    const { app } = result;
    apps.push(app);
    const ui = app.ui;
    if (ui === null) throw new Error('expected a UI server');
    expect(ui.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${ui.port}/\\?session=[A-Za-z0-9_-]{43}$`));
    expect(readUiInfo(dataDir)).toEqual({ pid: process.pid, url: ui.url });
    const answer = await fetch(ui.url, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    await app.close();
    expect(readUiInfo(dataDir)).toBeNull();
    expect(readdirSync(dataDir).sort()).toEqual(['agent-token', 'client.db']);
  });
});

describe('startApp and mocks', () => {
  it('gives the app one MockControl over its store, whose mocks stop when the app closes', async () => {
    const app = await start();
    const project = app.store.projects.create({ name: 'Mocked' });
    app.store.endpoints.create(project.id, null, {
      name: 'Ping',
      method: 'GET',
      path: '/ping',
      examples: [{ name: 'Pong', status: 200, headers: [], body: 'pong' }],
    });
    const mock = await app.mocks.start({ projectId: project.id, port: await freePort(), startedBy: 'person' });
    expect(await (await fetch(`${mock.url}/ping`)).text()).toBe('pong');
    await app.close();
    await expect(fetch(`${mock.url}/ping`)).rejects.toThrow();
  });
});
