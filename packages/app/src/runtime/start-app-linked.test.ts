import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readToken } from '@client/local';
import { openStore } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkProject } from '../linked/link-project.js';
import { type RunningApp, startApp } from './start-app.js';

let dataDir: string;
let app: RunningApp | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'client-app-linked-'));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** A project linked to a folder by a command run while the app was not running. */
function linkedWhileStopped(folder: string): string {
  const store = openStore(join(dataDir, 'client.db'));
  try {
    const project = store.projects.create({ name: 'Shop', baseUrl: 'https://shop.example.com' });
    store.endpoints.create(project.id, null, { name: 'Orders', path: '/orders' });
    linkProject(store, project.id, folder);
    return project.id;
  } finally {
    void store.close();
  }
}

describe('a linked project in the running app', () => {
  it('starts from what the files say, and agents list a file written a moment ago', async () => {
    const folder = join(dataDir, 'repo');
    const projectId = linkedWhileStopped(folder);
    const orders = join(folder, 'Orders.yml');
    writeFileSync(orders, readFileSync(orders, 'utf8').replace('/orders', '/orders/open'));

    const result = await startApp({ dataDir, flavor: 'dev', ports: [0] });
    if (!result.started) throw new Error('expected the app to start');
    app = result.app;
    expect(app.store.endpoints.list(projectId).map(({ path }) => path)).toEqual(['/orders/open']);

    writeFileSync(join(folder, 'Refunds.yml'), 'name: Refunds\nmethod: POST\npath: /refunds\n');
    const { port } = app.controlPlane;
    const token = readToken(dataDir);
    const answer = await fetch(`http://127.0.0.1:${port}/agent/endpoints/${projectId}`, {
      headers: { 'x-agent-token': token ?? '' },
    });
    expect(answer.status).toBe(200);
    const listed = (await answer.json()) as { name: string; path: string }[];
    expect(listed.map(({ name, path }) => [name, path])).toEqual([
      ['Orders', '/orders/open'],
      ['Refunds', '/refunds'],
    ]);
  });
});
