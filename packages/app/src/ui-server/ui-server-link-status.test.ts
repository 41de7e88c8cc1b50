import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
let repo: string;

function git(...args: string[]) {
  execFileSync('git', args, {
    cwd: repo,
    stdio: 'ignore',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

async function projectWith(name: string, ...paths: string[]): Promise<{ projectId: string; endpointIds: string[] }> {
  const projectId = (await api(app, 'POST', '/api/projects', { name, baseUrl: 'https://shop.example.com' })).json.id;
  const endpointIds: string[] = [];
  for (const path of paths) {
    const answer = await api(app, 'POST', `/api/projects/${projectId}/import-curl`, {
      command: `curl https://shop.example.com${path}`,
    });
    endpointIds.push(answer.json.endpointId);
  }
  return { projectId, endpointIds };
}

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'client-linked-'));
  git('init', '-q', '-b', 'main');
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('linked folders in the UI server', () => {
  it('says a project kept only in the database is not linked, and an unknown one is not found', async () => {
    const { projectId } = await projectWith('Plain');
    expect((await api(app, 'GET', `/api/projects/${projectId}/link`)).json).toEqual({
      linked: false,
      folder: null,
      problems: [],
    });
    expect((await api(app, 'GET', '/api/projects/nope/link')).status).toBe(404);
  });

  it('refuses a folder that is not an absolute path, to link and to open', async () => {
    const { projectId } = await projectWith('Relative');
    const linking = await api(app, 'POST', `/api/projects/${projectId}/link`, { folder: 'api' });
    expect(linking.status).toBe(400);
    expect(linking.json.code).toBe('VALIDATION');
    const opening = await api(app, 'POST', '/api/linked-folders/open', { folder: 'api' });
    expect(opening.status).toBe(400);
    expect(opening.json.code).toBe('VALIDATION');
  });

  it('links a project, then reports its branch, the requests changed since the commit, and unreadable files', async () => {
    const folder = join(repo, 'shop');
    const { projectId, endpointIds } = await projectWith('Shop', '/orders', '/customers');
    expect((await api(app, 'POST', `/api/projects/${projectId}/link`, { folder })).status).toBe(200);
    const answer = await api(app, 'GET', `/api/projects/${projectId}/link`);
    expect(answer.json).toMatchObject({ linked: true, folder, git: { repository: true, branch: 'main' } });
    // Nothing committed yet: every request's file is new to git.
    expect([...answer.json.changedEndpointIds].sort()).toEqual([...endpointIds].sort());
    git('add', '.');
    git('commit', '-q', '-m', 'the shop');
    await app.linked.ready();

    const events = await readEvents(app);
    try {
      const relayed = events.next('linked-files-changed');
      const status = events.next('link-status-changed');
      const file = join(folder, 'orders.yml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('path: /orders', 'path: /orders/open'));
      expect(await relayed).toMatchObject({ projectId, changedEndpoints: [{ endpointId: endpointIds[0] }] });
      expect(await status).toEqual({ projectId });
      const again = events.next('link-status-changed');
      writeFileSync(join(folder, 'broken.yml'), 'name: broken\npath: [unclosed\n');
      await again;
    } finally {
      events.close();
    }
    const after = (await api(app, 'GET', `/api/projects/${projectId}/link`)).json;
    expect(after).toMatchObject({
      linked: true,
      folder,
      git: { repository: true, branch: 'main', detached: false },
      changedEndpointIds: [endpointIds[0]],
      problems: [{ file: 'broken.yml', line: expect.any(Number), message: expect.any(String) }],
    });
    expect(after.git.changed).toContainEqual({ file: 'orders.yml', change: 'modified' });
    expect(after.git.changed).toContainEqual({ file: 'broken.yml', change: 'untracked' });
  });

  it('says when the linked folder is not in a git repository', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'client-no-git-'));
    try {
      const { projectId } = await projectWith('No git', '/x');
      await api(app, 'POST', `/api/projects/${projectId}/link`, { folder: outside });
      const answer = (await api(app, 'GET', `/api/projects/${projectId}/link`)).json;
      expect(answer).toMatchObject({
        linked: true,
        folder: outside,
        git: { repository: false },
        changedEndpointIds: [],
      });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('opens a folder of a project’s files as a project', async () => {
    const copy = join(repo, 'copy');
    mkdirSync(copy);
    const { projectId } = await projectWith('Copied', '/items');
    await api(app, 'POST', `/api/projects/${projectId}/link`, { folder: copy });
    await api(app, 'DELETE', `/api/projects/${projectId}`);
    const answer = await api(app, 'POST', '/api/linked-folders/open', { folder: copy });
    expect(answer.status).toBe(200);
    const opened = answer.json.projectId;
    expect(app.store.projects.get(opened)?.name).toBe('Copied');
    expect((await api(app, 'GET', `/api/projects/${opened}/link`)).json).toMatchObject({ linked: true, folder: copy });
  });
});
