import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyProjectTree, openStore, type Store } from '@client/store';
import { fullTree } from '@client/store/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LinkedFilesChanged, type LinkedFolders, startLinkedFolders } from './linked-folders.js';

describe('unlinking a project from its folder', () => {
  let dir = '';
  let store: Store;
  let linked: LinkedFolders;
  let waiting: ((event: LinkedFilesChanged) => void)[] = [];
  const nextChange = () => new Promise<LinkedFilesChanged>((resolve) => waiting.push(resolve));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-linked-unlink-'));
    store = openStore(join(dir, 'client.db'));
    waiting = [];
    linked = startLinkedFolders({
      store,
      onChange: (event) => {
        for (const resolve of waiting.splice(0)) resolve(event);
      },
    });
  });
  afterEach(async () => {
    await linked.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const linkedProject = (name: string) => {
    const { id } = store.projects.create({ name });
    applyProjectTree(store, id, { ...fullTree(), name });
    const folder = join(dir, name);
    linked.link(id, folder);
    return { id, folder };
  };
  const healthPath = (projectId: string) =>
    store.endpoints.list(projectId).find((endpoint) => endpoint.name === 'Health')?.path;
  const editHealth = (folder: string, path: string) => {
    const file = join(folder, 'Health.yml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/path: .*\n/, `path: ${path}\n`));
  };

  it('keeps the files and the project, and neither follows the other any more', async () => {
    const shop = linkedProject('Shop');
    const other = linkedProject('Other');
    await linked.ready();
    expect(linked.unlink(shop.id)).toEqual({ projectId: shop.id, name: 'Shop', folder: shop.folder });
    expect(store.linkedFolders.ofProject(shop.id)).toBeUndefined();
    expect(store.linkedFolders.files(shop.id)).toEqual([]);
    expect(existsSync(join(shop.folder, 'client-project.yml'))).toBe(true);
    expect(healthPath(shop.id)).toBe('/health');

    // An edit of the unlinked folder, then one of a folder still linked: only the second is taken in.
    const changed = nextChange();
    editHealth(shop.folder, '/unlinked');
    editHealth(other.folder, '/linked');
    expect((await changed).projectId).toBe(other.id);
    expect(healthPath(shop.id)).toBe('/health');
    expect(healthPath(other.id)).toBe('/linked');

    // What the window saves stays in the app; the folder still linked is written.
    const endpointOf = (projectId: string) =>
      store.endpoints.list(projectId).find((endpoint) => endpoint.name === 'Health')?.id ?? '';
    store.endpoints.update(endpointOf(shop.id), { path: '/saved' });
    store.endpoints.update(endpointOf(other.id), { path: '/saved-other' });
    linked.scheduleWrite();
    await vi.waitFor(() => expect(readFileSync(join(other.folder, 'Health.yml'), 'utf8')).toContain('/saved-other'));
    expect(readFileSync(join(shop.folder, 'Health.yml'), 'utf8')).toContain('path: /unlinked');
  });

  it('takes nothing in from a folder another process unlinked', async () => {
    const shop = linkedProject('Shop');
    const other = linkedProject('Other');
    await linked.ready();
    store.linkedFolders.unlink(shop.id);
    // What a commit by another process makes the running app do.
    linked.scheduleWrite();
    const changed = nextChange();
    editHealth(shop.folder, '/unlinked');
    editHealth(other.folder, '/linked');
    expect((await changed).projectId).toBe(other.id);
    expect(healthPath(shop.id)).toBe('/health');
  });

  it('says when the project is not linked, or does not exist', () => {
    const { id } = store.projects.create({ name: 'Plain' });
    expect(() => linked.unlink(id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => linked.unlink('missing')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
