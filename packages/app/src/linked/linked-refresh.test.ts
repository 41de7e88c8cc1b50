import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyProjectTree, openStore, type Store } from '@client/store';
import { fullTree } from '@client/store/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directoriesOf } from './directory-times.js';
import { type LinkedFolders, startLinkedFolders } from './linked-folders.js';

/**
 * A refresh before an agent's listing or send, while the folder is watched: it trusts the watcher for edits and
 * checks the directories' times for files the watcher has not reported yet.
 */
describe('refreshing a watched linked folder', () => {
  let dir = '';
  let folder = '';
  let store: Store;
  let linked: LinkedFolders;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-linked-refresh-'));
    folder = join(dir, 'shop');
    store = openStore(join(dir, 'client.db'));
  });
  afterEach(async () => {
    await linked.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A linked project whose directories were last changed a minute ago, read once as the app reads it. */
  const start = async () => {
    linked = startLinkedFolders({ store, onChange: () => {} });
    const { id } = store.projects.create({ name: 'Shop' });
    applyProjectTree(store, id, fullTree());
    linked.link(id, folder);
    await linked.ready();
    const past = new Date(Date.now() - 60_000);
    const paths = store.linkedFolders.fileStats(id).map(({ path }) => path);
    for (const directory of directoriesOf(paths)) utimesSync(join(folder, ...directory.split('/')), past, past);
    linked.refresh(id);
    return id;
  };
  const names = (projectId: string) => store.endpoints.list(projectId).map(({ name }) => name);

  it('reads a file added a moment ago, before its watcher reports it', async () => {
    const id = await start();
    writeFileSync(join(folder, 'Orders', 'Refunds.yml'), 'name: Refunds\nmethod: POST\npath: /refunds\n');
    linked.refresh(id);
    expect(names(id)).toContain('Refunds');
  });

  it('removes the request of a file deleted a moment ago', async () => {
    const id = await start();
    rmSync(join(folder, 'Health.yml'));
    linked.refresh(id);
    expect(names(id)).not.toContain('Health');
  });

  it('reads a file written while its watcher was still scanning the folder', async () => {
    linked = startLinkedFolders({ store, onChange: () => {} });
    const { id } = store.projects.create({ name: 'Shop' });
    applyProjectTree(store, id, fullTree());
    linked.link(id, folder);
    writeFileSync(join(folder, 'Refunds.yml'), 'name: Refunds\nmethod: POST\npath: /refunds\n');
    await linked.ready();
    expect(names(id)).toContain('Refunds');
  });

  it('leaves the rows alone when nothing changed', async () => {
    const id = await start();
    const before = readFileSync(join(folder, 'Health.yml'), 'utf8');
    linked.refresh(id);
    expect(store.endpoints.list(id).find(({ name }) => name === 'Health')?.path).toBe('/health');
    expect(readFileSync(join(folder, 'Health.yml'), 'utf8')).toBe(before);
  });
});
