import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parsePorcelain, readGitStatus } from './git-status.js';
import { GitWatch } from './git-watch.js';

let root: string;

function git(...args: string[]): void {
  execFileSync('git', args, {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@example.com',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
}

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'client-git-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('readGitStatus', () => {
  it('says a folder outside any repository is not in one', async () => {
    const status = await readGitStatus(root);
    expect(status.repository).toBe(false);
    expect(status.repository === false && status.reason).toMatch(/not a git repository/);
  });

  it('names the branch of a repository with no commit yet and lists its files as untracked', async () => {
    git('init', '-q', '-b', 'trunk');
    write('api/users/list.yml', 'name: list\n');
    expect(await readGitStatus(join(root, 'api'))).toEqual({
      repository: true,
      branch: 'trunk',
      detached: false,
      changed: [{ file: 'users/list.yml', change: 'untracked' }],
    });
  });

  it('lists the linked folder’s modified, added, deleted, renamed and untracked files relative to it', async () => {
    git('init', '-q', '-b', 'main');
    write('api/a.yml', 'a\n');
    write('api/b.yml', 'b\n');
    write('api/c.yml', 'c\n');
    write('api/d e.yml', 'd\n');
    write('elsewhere.txt', 'x\n');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    expect(await readGitStatus(join(root, 'api'))).toEqual({
      repository: true,
      branch: 'main',
      detached: false,
      changed: [],
    });

    write('api/a.yml', 'a changed\n');
    rmSync(join(root, 'api/b.yml'));
    renameSync(join(root, 'api/d e.yml'), join(root, 'api/renamed é.yml'));
    git('add', '-A', 'api/d e.yml', 'api/renamed é.yml');
    write('api/new/x.yml', 'x\n');
    write('api/staged.yml', 's\n');
    git('add', 'api/staged.yml');
    write('elsewhere.txt', 'changed outside the folder\n');

    const status = await readGitStatus(join(root, 'api'));
    expect(status.repository && status.changed).toEqual([
      { file: 'a.yml', change: 'modified' },
      { file: 'b.yml', change: 'deleted' },
      { file: 'new/x.yml', change: 'untracked' },
      { file: 'renamed é.yml', change: 'renamed' },
      { file: 'staged.yml', change: 'added' },
    ]);
  });

  it('names the commit when HEAD is detached and follows a checkout of another branch', async () => {
    git('init', '-q', '-b', 'main');
    write('a.yml', 'a\n');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    git('checkout', '-q', '-b', 'feature');
    expect(await readGitStatus(root)).toMatchObject({ branch: 'feature', detached: false });
    git('checkout', '-q', '--detach', 'HEAD');
    const status = await readGitStatus(root);
    expect(status).toMatchObject({ repository: true, detached: true });
    expect(status.repository && status.branch).toMatch(/^[0-9a-f]{7,}$/);
  });
});

describe('parsePorcelain', () => {
  it('never throws and only returns files under the prefix, whatever git prints', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('', 'api/', 'a b/'), (output, prefix) => {
        for (const { file } of parsePorcelain(output, prefix)) expect(typeof file).toBe('string');
      }),
    );
  });

  it('skips a rename’s old path', () => {
    expect(parsePorcelain('R  api/new.yml\0api/old.yml\0 M api/x.yml\0', 'api/')).toEqual([
      { file: 'new.yml', change: 'renamed' },
      { file: 'x.yml', change: 'modified' },
    ]);
  });
});

describe('GitWatch', () => {
  it('reports a commit and a checkout that change no file of the folder, once each', async () => {
    git('init', '-q', '-b', 'main');
    write('a.yml', 'a\n');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    write('a.yml', 'changed\n');
    const seen: unknown[] = [];
    let notify: () => void = () => {};
    const watch = new GitWatch(root, (status) => {
      seen.push(status);
      notify();
    });
    const next = () =>
      new Promise<void>((resolve) => {
        notify = resolve;
      });
    try {
      expect(await watch.start()).toMatchObject({ branch: 'main', changed: [{ file: 'a.yml', change: 'modified' }] });
      const committed = next();
      git('commit', '-q', '-am', 'second');
      await committed;
      expect(watch.status).toMatchObject({ branch: 'main', changed: [] });
      const switched = next();
      git('checkout', '-q', '-b', 'other');
      await switched;
      expect(watch.status).toMatchObject({ branch: 'other', changed: [] });
      const count = seen.length;
      await watch.refresh();
      expect(seen).toHaveLength(count);
    } finally {
      watch.close();
    }
  });

  it('folds refreshes asked for during a run into one more run', async () => {
    git('init', '-q', '-b', 'main');
    const watch = new GitWatch(root, () => {});
    try {
      const first = watch.refresh();
      write('x.yml', 'x\n');
      const second = watch.refresh();
      expect(second).toBe(first);
      expect(await second).toMatchObject({ changed: [{ file: 'x.yml', change: 'untracked' }] });
    } finally {
      watch.close();
    }
  });
});
