import { describe, expect, it } from 'vitest';
import { useTempStores } from '../store.test-support.js';

describe('linked folders', () => {
  const stores = useTempStores();

  it('links a project to one folder, keeps its file index, and forgets both with the project', () => {
    const store = stores.open();
    const { id } = store.projects.create({ name: 'p' });
    store.linkedFolders.link(id, '/tmp/shop');
    const file = {
      path: 'a.yml',
      kind: 'endpoint' as const,
      entityId: 'e1',
      name: 'A',
      hash: 'h',
      size: 3,
      mtimeMs: 1.5,
      seq: 1000,
      problem: 'broken',
      problemLine: 2,
    };
    store.linkedFolders.replaceFiles(id, [file]);
    expect(store.linkedFolders.ofFolder('/tmp/shop')?.projectId).toBe(id);
    expect(store.linkedFolders.files(id)).toEqual([file]);
    store.projects.delete(id);
    expect(store.linkedFolders.list()).toEqual([]);
    expect(store.linkedFolders.files(id)).toEqual([]);
  });

  it('refuses a folder another project is linked to', () => {
    const store = stores.open();
    const a = store.projects.create({ name: 'a' });
    const b = store.projects.create({ name: 'b' });
    store.linkedFolders.link(a.id, '/tmp/shop');
    expect(() => store.linkedFolders.link(b.id, '/tmp/shop')).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('already linked') }),
    );
  });
});
