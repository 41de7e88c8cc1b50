import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyProjectTree, openStore, type Store } from '@client/store';
import { fullTree } from '@client/store/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppEvents } from '../runtime/app-events.js';
import { startAppLinkedFolders } from './app-linked-folders.js';
import { linkProject } from './link-project.js';
import { pushEndpointFiles } from './linked-endpoint-push.js';

describe('writing back the endpoints a write named', () => {
  let dir = '';
  let folder = '';
  let store: Store;
  let projectId = '';

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-endpoint-push-'));
    folder = join(dir, 'shop');
    store = openStore(join(dir, 'client.db'));
    projectId = store.projects.create({ name: 'Shop' }).id;
    applyProjectTree(store, projectId, fullTree());
    linkProject(store, projectId, folder);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const endpointNamed = (name: string) => {
    const found = store.endpoints.list(projectId).find((endpoint) => endpoint.name === name);
    if (found === undefined) throw new Error(`no endpoint ${name}`);
    return found;
  };

  it('rewrites just the saved endpoint file, as the whole write would', () => {
    const health = endpointNamed('Health');
    const search = endpointNamed('Search');
    const searchTime = statSync(join(folder, 'Orders', 'Search.yml')).mtimeMs;
    store.endpoints.update(health.id, { path: '/live' });
    expect(pushEndpointFiles(store, projectId, folder, [health.id, search.id])).toEqual({
      written: ['Health.yml'],
      removed: [],
      skipped: [],
    });
    expect(readFileSync(join(folder, 'Health.yml'), 'utf8')).toContain('path: /live');
    expect(statSync(join(folder, 'Orders', 'Search.yml')).mtimeMs).toBe(searchTime);
    // The whole tree rendered now has nothing more to write.
    expect(pushEndpointFiles(store, projectId, folder, [health.id])?.written).toEqual([]);
  });

  it('leaves a renamed or moved endpoint to the whole write', () => {
    const health = endpointNamed('Health');
    store.endpoints.update(health.id, { name: 'Liveness' });
    expect(pushEndpointFiles(store, projectId, folder, [health.id])).toBeUndefined();
    const search = endpointNamed('Search');
    store.endpoints.move(search.id, null);
    expect(pushEndpointFiles(store, projectId, folder, [search.id])).toBeUndefined();
  });

  it('never overwrites a file changed on disk since it was read', () => {
    const health = endpointNamed('Health');
    const file = join(folder, 'Health.yml');
    const edited = `${readFileSync(file, 'utf8')}# kept\n`;
    writeFileSync(file, edited);
    store.endpoints.update(health.id, { path: '/live' });
    expect(pushEndpointFiles(store, projectId, folder, [health.id])?.skipped).toEqual(['Health.yml']);
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });

  it('renders nothing for a Send, and only the saved endpoint for a save', async () => {
    const events = createAppEvents(() => {});
    const linked = startAppLinkedFolders(store, events);
    try {
      await linked.ready();
      const health = endpointNamed('Health');
      const search = endpointNamed('Search');
      // Changed without a write naming it: neither the Send after it nor the save of another endpoint writes it.
      store.endpoints.update(search.id, { path: '/search/unsaved' });
      events.emit('window-wrote', { method: 'POST', route: '/api/send' });
      store.endpoints.update(health.id, { path: '/live' });
      events.emit('window-wrote', { method: 'PUT', route: '/api/endpoints/:endpointId', endpointId: health.id });
      await vi.waitFor(() => expect(readFileSync(join(folder, 'Health.yml'), 'utf8')).toContain('path: /live'));
      expect(readFileSync(join(folder, 'Orders', 'Search.yml'), 'utf8')).not.toContain('/search/unsaved');
      events.emit('window-wrote', { method: 'POST', route: '/api/projects/:projectId/folders' });
      await vi.waitFor(() =>
        expect(readFileSync(join(folder, 'Orders', 'Search.yml'), 'utf8')).toContain('/search/unsaved'),
      );
    } finally {
      await linked.close();
    }
  });
});
