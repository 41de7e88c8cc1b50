import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkProject } from './link-project.js';
import { pullLinkedFolder, pushLinkedFolder } from './linked-sync.js';

describe('a request file copied by hand, seq and all', () => {
  let dir = '';
  let folder = '';
  let store: Store;
  let projectId = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-copied-seq-'));
    folder = join(dir, 'api');
    store = openStore(join(dir, 'client.db'));
    projectId = store.projects.create({ name: 'Shop' }).id;
    for (const name of ['orders', 'clients', 'invoices'])
      store.endpoints.create(projectId, null, { name, path: `/${name}` });
    linkProject(store, projectId, folder);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is numbered itself: the original file is left as it was', () => {
    const original = readFileSync(join(folder, 'clients.yml'), 'utf8');
    writeFileSync(
      join(folder, 'health.yml'),
      original.replace('name: clients', 'name: health').replace('path: /clients', 'path: /health'),
    );
    expect(pullLinkedFolder(store, projectId)?.changed).toBe(true);
    expect(pushLinkedFolder(store, projectId).written).toEqual(['health.yml']);
    expect(readFileSync(join(folder, 'clients.yml'), 'utf8')).toBe(original);
    const seqOf = (file: string) => /seq: (\d+)/.exec(readFileSync(join(folder, file), 'utf8'))?.[1];
    expect(seqOf('health.yml')).not.toBe(seqOf('clients.yml'));
    expect(store.endpoints.list(projectId).map(({ name }) => name)).toEqual([
      'orders',
      'clients',
      'health',
      'invoices',
    ]);
  });
});
