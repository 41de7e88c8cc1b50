import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderChange, FolderSync, LinkProblem } from '../linked/link-status.js';
import { api, readEvents, startTestApp, type TestApp } from './ui-server.test-support.js';

/*
 * The routes against a sync that keeps its links in memory: what these tests pin is the window's side (the
 * answers, git's part of the status, the relay of changes), with a real git repository under the folder.
 */
class MemorySync implements FolderSync {
  readonly folders = new Map<string, string>();
  readonly files = new Map<string, string>();
  problems: LinkProblem[] = [];
  private readonly listeners = new Set<(change: FolderChange) => void>();

  constructor(private readonly createProject: (name: string) => string) {}

  async link(projectId: string, folder: string) {
    this.folders.set(projectId, folder);
  }
  async open(folder: string) {
    const projectId = this.createProject(folder.split('/').at(-1) ?? 'Folder');
    this.folders.set(projectId, folder);
    return projectId;
  }
  folderOf(projectId: string) {
    return this.folders.get(projectId) ?? null;
  }
  problemsOf() {
    return this.problems;
  }
  endpointOfFile(_projectId: string, file: string) {
    return this.files.get(file);
  }
  onChange(listener: (change: FolderChange) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  changed(change: FolderChange) {
    for (const listener of this.listeners) listener(change);
  }
}

let app: TestApp;
let sync: MemorySync;
let repo: string;

function git(...args: string[]) {
  execFileSync('git', args, {
    cwd: repo,
    stdio: 'ignore',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@e',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@e',
    },
  });
}

beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'client-linked-'));
  let created: (name: string) => string = () => '';
  sync = new MemorySync((name) => created(name));
  app = await startTestApp({ folderSync: sync });
  created = (name) => app.store.projects.create({ name }).id;
  git('init', '-q', '-b', 'main');
  mkdirSync(join(repo, 'api'));
  writeFileSync(join(repo, 'api', 'list.yml'), 'name: list\n');
  writeFileSync(join(repo, 'api', 'get.yml'), 'name: get\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
});
afterAll(async () => {
  await app.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('linked folders in the UI server', () => {
  it('says a project kept only in the database is not linked', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Plain' })).json.id;
    expect((await api(app, 'GET', `/api/projects/${projectId}/link`)).json).toEqual({ linked: false });
  });

  it('refuses a folder that is not an absolute path', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Relative' })).json.id;
    const answer = await api(app, 'POST', `/api/projects/${projectId}/link`, { folder: 'api' });
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe('VALIDATION');
  });

  it('links a project and reports its folder, branch, changed requests and problems', async () => {
    const projectId = (await api(app, 'POST', '/api/projects', { name: 'Linked' })).json.id;
    const folder = join(repo, 'api');
    sync.files.set('list.yml', 'endpoint-list');
    sync.files.set('get.yml', 'endpoint-get');
    sync.problems = [{ file: 'broken.yml', line: 3, message: 'bad indentation' }];
    const linked = await api(app, 'POST', `/api/projects/${projectId}/link`, { folder });
    expect(linked.status).toBe(200);
    expect(linked.json).toMatchObject({ linked: true, folder, git: { repository: true, branch: 'main' } });

    const events = await readEvents(app);
    try {
      const status = events.next('link-status-changed');
      writeFileSync(join(folder, 'list.yml'), 'name: list changed\n');
      const change = { projectId, changedEndpointIds: ['endpoint-list'], removedEndpointIds: [] };
      const relayed = events.next('linked-files-changed');
      sync.changed(change);
      expect(await relayed).toEqual(change);
      expect(await status).toEqual({ projectId });
    } finally {
      events.close();
    }
    expect((await api(app, 'GET', `/api/projects/${projectId}/link`)).json).toEqual({
      linked: true,
      folder,
      git: { repository: true, branch: 'main', detached: false, changed: [{ file: 'list.yml', change: 'modified' }] },
      changedEndpointIds: ['endpoint-list'],
      problems: [{ file: 'broken.yml', line: 3, message: 'bad indentation' }],
    });
  });

  it('says when the linked folder is not in a git repository', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'client-no-git-'));
    try {
      const projectId = (await api(app, 'POST', '/api/projects', { name: 'No git' })).json.id;
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

  it('opens a folder as a new project', async () => {
    const answer = await api(app, 'POST', '/api/projects/open-folder', { folder: join(repo, 'api') });
    expect(answer.status).toBe(201);
    expect(app.store.projects.get(answer.json.projectId)?.name).toBe('api');
    expect(sync.folderOf(answer.json.projectId)).toBe(join(repo, 'api'));
  });
});
