import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { filesToTree, type ProjectTree, treeToFiles } from '@client/core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleTree } from '../packages/core/src/files/sample-tree.test-support.js';

/*
 * A project written to a real git repository: one changed field is one changed line of one file, as
 * `git diff --numstat` counts it, and a reorder touches at most two files.
 */

const scratch = mkdtempSync(join(tmpdir(), 'client-project-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: scratch },
  });
}

function listFiles(root: string, under = root): string[] {
  return readdirSync(under, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '.git') return [];
    const path = join(under, entry.name);
    return entry.isDirectory() ? listFiles(root, path) : [relative(root, path).split('\\').join('/')];
  });
}

/** Writes the tree as the folder's whole content: files it no longer has are removed. */
function writeTree(repo: string, tree: ProjectTree): void {
  const files = treeToFiles(tree);
  for (const path of listFiles(repo)) if (!files.has(path)) rmSync(join(repo, path));
  for (const [path, text] of files) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
}

function readTree(repo: string): ProjectTree {
  const files = new Map(listFiles(repo).map((path) => [path, readFileSync(join(repo, path), 'utf8')]));
  const { tree, problems } = filesToTree(files);
  expect(problems).toEqual([]);
  return tree;
}

/** `git diff --numstat` of the work tree, new files included, as [added, deleted, path] rows. */
function numstat(repo: string): [number, number, string][] {
  const untracked = git(repo, 'ls-files', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean);
  if (untracked.length > 0) git(repo, 'add', '--intent-to-add', '--', ...untracked);
  return git(repo, 'diff', '--numstat')
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [added, deleted, path] = line.split('\t');
      return [Number(added), Number(deleted), path as string];
    });
}

let repo = '';
let count = 0;
beforeEach(() => {
  repo = join(scratch, `repo-${++count}`);
  mkdirSync(repo);
  git(repo, 'init', '-q');
  git(repo, 'config', 'user.email', 'test@example.com');
  git(repo, 'config', 'user.name', 'Test');
  writeTree(repo, sampleTree());
  git(repo, 'add', '.');
  git(repo, 'commit', '-qm', 'project');
});

/** The tree as read back from the repository, changed by `change`, written again. */
function edit(change: (tree: ProjectTree) => void): [number, number, string][] {
  const tree = readTree(repo);
  change(tree);
  writeTree(repo, tree);
  return numstat(repo);
}

const endpoint = (tree: ProjectTree, name: string) => {
  const found = tree.endpoints.find((entry) => entry.endpoint.name === name);
  if (!found) throw new Error(`no endpoint ${name}`);
  return found.endpoint;
};

describe('a project in git', () => {
  it('writes an unchanged project without a single changed byte', () => {
    expect(edit(() => {})).toEqual([]);
  });

  it.each<[string, (tree: ProjectTree) => void, string]>([
    [
      'a header value',
      (tree) => {
        const header = endpoint(tree, 'Create user').headers[0];
        if (header) header.value = 'application/merge-patch+json';
      },
      'Users/Create user.yml',
    ],
    [
      'one line of a JSON body',
      (tree) => {
        const body = endpoint(tree, 'Create user').body;
        if (body.mode === 'json') body.text = body.text.replace('"Ada"', '"Grace"');
      },
      'Users/Create user.yml',
    ],
    [
      'an assertion row’s value',
      (tree) => {
        const row = endpoint(tree, 'Create user').tests?.[0];
        if (row) row.value = '200';
      },
      'Users/Create user.yml',
    ],
    [
      'a line of a script',
      (tree) => {
        const scripts = endpoint(tree, 'Create user').scripts;
        if (scripts) scripts.postResponse = "bru.setVar('userId', res.body.id);\n";
      },
      'Users/Create user.yml',
    ],
    [
      'the state',
      (tree) => {
        endpoint(tree, 'Health').state = 'Deprecated';
      },
      'Health.yml',
    ],
    [
      'an environment’s variable',
      (tree) => {
        const variable = tree.environments[0]?.variables[0];
        if (variable) variable.value = 'https://staging-2.example.com';
      },
      'environments/Staging.yml',
    ],
    [
      'a folder’s description',
      (tree) => {
        const folder = tree.folders[0];
        if (folder) folder.description = 'People who buy things.';
      },
      'Users/folder.yml',
    ],
  ])('changes one line of one file for %s', (_, change, file) => {
    expect(edit(change)).toEqual([[1, 1, file]]);
  });

  it('rewrites only the moved request when requests are reordered', () => {
    const tree = readTree(repo);
    tree.endpoints.push(
      ...['Second', 'Third', 'Fourth'].map((name) => ({
        folder: [],
        endpoint: { ...endpoint(tree, 'Health'), name },
      })),
    );
    writeTree(repo, tree);
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'more requests');

    const changed = edit((read) => {
      const root = read.endpoints.filter((entry) => entry.folder.length === 0);
      const others = read.endpoints.filter((entry) => entry.folder.length > 0);
      const [first, ...rest] = root;
      read.endpoints = [...rest.slice(0, 2), first as (typeof root)[number], ...rest.slice(2), ...others];
    });
    expect(changed).toEqual([[1, 1, 'Health.yml']]);
    expect(
      readTree(repo)
        .endpoints.filter((entry) => entry.folder.length === 0)
        .map((entry) => entry.endpoint.name),
    ).toEqual(['Second', 'Third', 'Health', 'Fourth']);
  });

  it('adds a request as one new file and touches nothing else', () => {
    const changed = edit((tree) => {
      tree.endpoints.push({ folder: ['Users'], endpoint: { ...endpoint(tree, 'Health'), name: 'Delete user' } });
    });
    expect(changed).toEqual([[11, 0, 'Users/Delete user.yml']]);
  });

  it('deletes a request by deleting its file alone', () => {
    const changed = edit((tree) => {
      tree.endpoints = tree.endpoints.filter((entry) => entry.endpoint.name !== 'Health');
    });
    expect(changed).toEqual([[0, 11, 'Health.yml']]);
  });
});
