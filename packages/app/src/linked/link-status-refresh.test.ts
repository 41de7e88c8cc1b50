import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FolderSync, LinkStatuses } from './link-status.js';

describe('the folder of a linked project on a git checkout', () => {
  let repo = '';
  let statuses: LinkStatuses | undefined;
  const git = (...args: string[]) =>
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

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'client-link-status-refresh-'));
    git('init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'client-project.yml'), 'name: Shop\n');
    git('add', '.');
    git('commit', '-q', '-m', 'the shop');
  });
  afterEach(() => {
    statuses?.close();
    rmSync(repo, { recursive: true, force: true });
  });

  it('is checked for changes its watcher may have missed', async () => {
    const refreshed: string[] = [];
    const sync: FolderSync = {
      link: () => {},
      open: () => 'p1',
      folderOf: () => repo,
      problemsOf: () => [],
      endpointFiles: () => new Map(),
      refresh: (projectId) => refreshed.push(projectId),
      onChange: () => () => {},
    };
    statuses = new LinkStatuses(sync, () => {});
    expect(await statuses.status('p1')).toMatchObject({ git: { branch: 'main' } });
    const before = refreshed.length;
    git('checkout', '-q', '-b', 'health');
    await vi.waitFor(() => expect(refreshed.length).toBeGreaterThan(before));
    expect(refreshed.every((projectId) => projectId === 'p1')).toBe(true);
  });
});
