import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyProjectTree, openStore, readProjectTree, type Store } from '@client/store';
import { fullTree } from '@client/store/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkProject, openLinkedFolder } from './link-project.js';
import { pullLinkedFolder, pushLinkedFolder } from './linked-sync.js';

describe('a project linked to a folder', () => {
  let dir = '';
  let store: Store;
  let folder = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-linked-'));
    folder = join(dir, 'shop');
    store = openStore(join(dir, 'client.db'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const linkedShop = () => {
    const { id } = store.projects.create({ name: 'Shop' });
    applyProjectTree(store, id, fullTree());
    const production = store.environments.list(id).find(({ name }) => name === 'Production');
    store.environmentVariables.set(production?.id ?? '', { key: 'token', value: 'SEALED-s3cr3t-value', secret: true });
    linkProject(store, id, folder);
    return id;
  };
  const filesOf = (root: string): string[] =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  const endpointNamed = (projectId: string, name: string) =>
    store.endpoints.list(projectId).find((endpoint) => endpoint.name === name);

  it('writes the project and reads it back into another project equal in every field', () => {
    const id = linkedShop();
    const other = openStore(join(dir, 'other.db'));
    try {
      const opened = openLinkedFolder(other, folder);
      expect(opened).toMatchObject({ created: true, name: 'Shop', problems: [] });
      expect(readProjectTree(other, opened.projectId).tree).toEqual(readProjectTree(store, id).tree);
    } finally {
      void other.close();
    }
  });

  it('never writes a secret value into any file', () => {
    linkedShop();
    for (const file of filesOf(folder)) expect(readFileSync(file, 'utf8')).not.toContain('SEALED-s3cr3t-value');
  });

  it('rewrites nothing when nothing changed, and one file for one change', () => {
    const id = linkedShop();
    expect(pushLinkedFolder(store, id)).toEqual({ written: [], removed: [], skipped: [] });
    const health = endpointNamed(id, 'Health');
    store.endpoints.update(health?.id ?? '', { path: '/healthz' });
    expect(pushLinkedFolder(store, id).written).toEqual(['Health.yml']);
  });

  it('reads an edit, a deleted file and a moved file, keeping the moved request’s id', () => {
    const id = linkedShop();
    const search = endpointNamed(id, 'Search');
    const health = endpointNamed(id, 'Health');
    const text = readFileSync(join(folder, 'Health.yml'), 'utf8');
    writeFileSync(join(folder, 'Health.yml'), text.replace('/health', '/status'));
    unlinkSync(join(folder, 'Users', 'Create user.yml'));
    renameSync(join(folder, 'Orders', 'Search.yml'), join(folder, 'Users', 'Search.yml'));
    const pulled = pullLinkedFolder(store, id);
    expect(pulled?.problems).toEqual([]);
    expect(endpointNamed(id, 'Health')).toMatchObject({ id: health?.id, path: '/status' });
    expect(endpointNamed(id, 'Create user')).toBeUndefined();
    const users = store.folders.list(id).find((folder) => folder.name === 'Users');
    expect(endpointNamed(id, 'Search')).toMatchObject({ id: search?.id, folderId: users?.id });
    expect(pulled?.deletedEndpoints).toHaveLength(1);
    expect(pulled?.changedEndpoints.map(({ endpointId }) => endpointId).sort()).toEqual(
      [health?.id, search?.id].sort(),
    );
    expect(pullLinkedFolder(store, id)).toBeNull();
  });

  it('lists a file that does not parse with its line, keeps its request and leaves the file alone', () => {
    const id = linkedShop();
    const before = endpointNamed(id, 'Health');
    writeFileSync(join(folder, 'Health.yml'), 'name: Health\nmethod: [unclosed\n');
    const pulled = pullLinkedFolder(store, id);
    expect(pulled?.problems).toMatchObject([{ file: 'Health.yml', line: expect.any(Number) }]);
    expect(endpointNamed(id, 'Health')).toEqual(before);
    store.endpoints.update(before?.id ?? '', { state: 'Deprecated' });
    pushLinkedFolder(store, id);
    expect(readFileSync(join(folder, 'Health.yml'), 'utf8')).toBe('name: Health\nmethod: [unclosed\n');
  });

  it('follows a git checkout of another branch', () => {
    const id = linkedShop();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: folder, stdio: 'pipe' });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-qm', 'shop');
    git('checkout', '-qb', 'feature');
    mkdirSync(join(folder, 'Orders'), { recursive: true });
    writeFileSync(join(folder, 'Orders', 'Refund.yml'), 'name: Refund\nmethod: POST\npath: /refunds\n');
    git('add', '.');
    git('commit', '-qm', 'refund');
    git('checkout', '-q', 'main');
    expect(pullLinkedFolder(store, id)).toBeNull();
    git('checkout', '-q', 'feature');
    pullLinkedFolder(store, id);
    expect(endpointNamed(id, 'Refund')).toMatchObject({ method: 'POST', path: '/refunds' });
    git('checkout', '-q', 'main');
    pullLinkedFolder(store, id);
    expect(endpointNamed(id, 'Refund')).toBeUndefined();
  });

  it('keeps the order the files’ seqs give, and a reorder on disk stays as written', () => {
    const id = linkedShop();
    const health = readFileSync(join(folder, 'Health.yml'), 'utf8');
    writeFileSync(join(folder, 'Alpha.yml'), 'name: Alpha\nseq: 500\nmethod: GET\npath: /alpha\n');
    writeFileSync(join(folder, 'Health.yml'), health.replace('seq: 1000', 'seq: 400'));
    pullLinkedFolder(store, id);
    expect(
      store.endpoints
        .list(id)
        .filter(({ folderId }) => folderId === null)
        .map(({ name }) => name),
    ).toEqual(['Health', 'Alpha']);
    const pushed = pushLinkedFolder(store, id);
    expect(pushed.written).toEqual(['Alpha.yml']);
    expect(readFileSync(join(folder, 'Health.yml'), 'utf8')).toContain('seq: 400');
    expect(readFileSync(join(folder, 'Alpha.yml'), 'utf8')).toContain('seq: 500');
  });
});
