import { mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyProjectTree, openStore, type Store } from '@client/store';
import { fullTree } from '@client/store/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LinkedFilesChanged, type LinkedFolders, startLinkedFolders } from './linked-folders.js';

describe('linked folders while the app runs', () => {
  let dir = '';
  let folder = '';
  let store: Store;
  let linked: LinkedFolders;
  let waiting: ((event: LinkedFilesChanged) => void)[] = [];
  const nextChange = () => new Promise<LinkedFilesChanged>((resolve) => waiting.push(resolve));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-linked-live-'));
    folder = join(dir, 'shop');
    store = openStore(join(dir, 'client.db'));
    waiting = [];
  });
  afterEach(async () => {
    await linked.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => {
    linked = startLinkedFolders({
      store,
      onChange: (event) => {
        for (const resolve of waiting.splice(0)) resolve(event);
      },
    });
    const { id } = store.projects.create({ name: 'Shop' });
    applyProjectTree(store, id, fullTree());
    linked.link(id, folder);
    await linked.ready();
    return id;
  };
  const endpointNamed = (projectId: string, name: string) =>
    store.endpoints.list(projectId).find((endpoint) => endpoint.name === name);

  it('takes in an edit made on disk and announces the endpoint with what the file says now', async () => {
    const id = await start();
    const health = endpointNamed(id, 'Health');
    const changed = nextChange();
    const text = readFileSync(join(folder, 'Health.yml'), 'utf8');
    writeFileSync(join(folder, 'Health.yml'), text.replace('/health', '/ready'));
    const event = await changed;
    expect(event).toMatchObject({
      projectId: id,
      changedEndpoints: [{ endpointId: health?.id, draft: { path: '/ready' } }],
      problems: [],
    });
    expect(endpointNamed(id, 'Health')?.path).toBe('/ready');
  });

  it('ends a burst of writes to one file with what the last one wrote', async () => {
    const id = await start();
    const text = readFileSync(join(folder, 'Health.yml'), 'utf8');
    for (const path of ['/one', '/two', '/three'])
      writeFileSync(join(folder, 'Health.yml'), text.replace('/health', path));
    writeFileSync(join(folder, 'Health.yml'), '');
    writeFileSync(join(folder, 'Health.yml'), text.replace('/health', '/last'));
    await vi.waitFor(() => expect(endpointNamed(id, 'Health')?.path).toBe('/last'));
    expect(linked.problems(id)).toEqual([]);
  });

  it('deletes the request of a deleted file and moves the request of a moved one', async () => {
    const id = await start();
    const search = endpointNamed(id, 'Search');
    let changed = nextChange();
    unlinkSync(join(folder, 'Health.yml'));
    expect((await changed).deletedEndpoints).toHaveLength(1);
    changed = nextChange();
    renameSync(join(folder, 'Orders', 'Search.yml'), join(folder, 'Search.yml'));
    await changed;
    expect(endpointNamed(id, 'Health')).toBeUndefined();
    expect(endpointNamed(id, 'Search')).toMatchObject({ id: search?.id, folderId: null });
  });

  it('reports a broken file and keeps the request', async () => {
    const id = await start();
    const changed = nextChange();
    writeFileSync(join(folder, 'Health.yml'), 'name: Health\n  bad: indent\n');
    expect((await changed).problems).toMatchObject([{ file: 'Health.yml', line: expect.any(Number) }]);
    expect(endpointNamed(id, 'Health')?.path).toBe('/health');
  });

  it('writes what the window saved to the files', async () => {
    const id = await start();
    const health = endpointNamed(id, 'Health');
    store.endpoints.update(health?.id ?? '', { path: '/live' });
    linked.scheduleWrite();
    await vi.waitFor(() => expect(readFileSync(join(folder, 'Health.yml'), 'utf8')).toContain('/live'));
  });
});
