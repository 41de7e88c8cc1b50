import { describe, expect, it } from 'vitest';
import { useTempStores } from '../store.test-support.js';
import { fullTree } from '../testing/full-tree.js';
import { applyProjectTree } from './apply-project-tree.js';
import { readProjectTree } from './read-project-tree.js';

describe('a project as a tree', () => {
  const stores = useTempStores();

  it('reads back every field it was given, with secret values blank', () => {
    const store = stores.open();
    const project = store.projects.create({ name: 'empty' });
    const applied = applyProjectTree(store, project.id, fullTree(), { sealSecret: () => 'sealed-empty' });
    expect(applied.changed).toBe(true);
    expect(applied.refused).toEqual([]);
    expect(readProjectTree(store, project.id).tree).toEqual(fullTree());
    const staging = store.environments.list(project.id).find(({ name }) => name === 'Staging');
    expect(store.environmentVariables.list(staging?.id ?? '')[0]).toMatchObject({
      secret: true,
      value: 'sealed-empty',
    });
  });

  it('changes nothing when applied again, and keeps every id', () => {
    const store = stores.open();
    const { id } = store.projects.create({ name: 'p' });
    const first = applyProjectTree(store, id, fullTree());
    const again = applyProjectTree(store, id, fullTree());
    expect(again.changed).toBe(false);
    expect(again.ids).toEqual(first.ids);
  });

  it('keeps the ids of edited, moved and renamed rows, deletes the rest and keeps sealed secrets', () => {
    const store = stores.open();
    const { id } = store.projects.create({ name: 'p' });
    const first = applyProjectTree(store, id, fullTree());
    const production = first.ids.environments[0] ?? '';
    store.environmentVariables.set(production, { key: 'token', value: 'CIPHERTEXT', secret: true });

    const tree = fullTree();
    const [health, create, upload] = tree.endpoints;
    if (health === undefined || create === undefined || upload === undefined) throw new Error('fixture');
    health.endpoint.path = '/healthz';
    create.folder = ['Orders'];
    tree.endpoints = [health, create, { ...upload, endpoint: { ...upload.endpoint, name: 'Avatar' } }];
    tree.environments = [{ name: 'Prod', variables: [{ key: 'token', value: '', secret: true }] }];
    const known = { endpoints: [undefined, undefined, first.ids.endpoints[2]], environments: [production] };
    const second = applyProjectTree(store, id, tree, { known });

    expect(second.ids.endpoints).toEqual(first.ids.endpoints.slice(0, 3));
    expect(store.endpoints.get(first.ids.endpoints[0] ?? '')?.path).toBe('/healthz');
    expect(store.endpoints.get(first.ids.endpoints[1] ?? '')?.folderId).toBe(first.ids.folders[2]);
    expect(store.endpoints.get(first.ids.endpoints[3] ?? '')).toBeUndefined();
    expect(store.environments.list(id).map(({ id: environmentId, name }) => [environmentId, name])).toEqual([
      [production, 'Prod'],
    ]);
    expect(store.environmentVariables.list(production)).toMatchObject([{ key: 'token', value: 'CIPHERTEXT' }]);
    expect(readProjectTree(store, id).tree.endpoints.map(({ endpoint }) => endpoint.name)).toEqual([
      'Health',
      'Create user',
      'Avatar',
    ]);
  });

  it('leaves kept rows as they are and refuses what the store refuses without losing the row', () => {
    const store = stores.open();
    const { id } = store.projects.create({ name: 'p' });
    const first = applyProjectTree(store, id, fullTree());
    const tree = fullTree();
    const [health] = tree.endpoints;
    if (health === undefined) throw new Error('fixture');
    health.endpoint.path = 'no-slash';
    // The upload's file did not parse: it is not in the tree, and kept.
    tree.endpoints = tree.endpoints.filter(({ endpoint }) => endpoint.name !== 'Upload');
    const applied = applyProjectTree(store, id, tree, { keep: new Set([first.ids.endpoints[2] ?? '']) });
    expect(applied.refused).toMatchObject([{ index: 0, message: expect.stringContaining('no-slash') }]);
    expect(store.endpoints.get(first.ids.endpoints[0] ?? '')?.path).toBe('/health');
    expect(store.endpoints.get(first.ids.endpoints[2] ?? '')?.name).toBe('Upload');
  });

  it('moves folders into what were their own subfolders', () => {
    const store = stores.open();
    const { id } = store.projects.create({ name: 'p' });
    const base = { ...fullTree(), endpoints: [] };
    const first = applyProjectTree(store, id, { ...base, folders: [{ path: ['A'] }, { path: ['A', 'B'] }] });
    const swapped = applyProjectTree(
      store,
      id,
      {
        ...base,
        folders: [{ path: ['B'] }, { path: ['B', 'A'] }],
      },
      { known: { folders: [first.ids.folders[1], first.ids.folders[0]] } },
    );
    expect(swapped.ids.folders).toEqual([first.ids.folders[1], first.ids.folders[0]]);
    expect(readProjectTree(store, id).tree.folders.map(({ path }) => path)).toEqual([['B'], ['B', 'A']]);
  });

  it('lists siblings in the tree’s order, renumbering only when it differs', () => {
    const store = stores.open();
    const { id } = store.projects.create({ name: 'p' });
    const first = applyProjectTree(store, id, fullTree());
    const tree = fullTree();
    const [health, create, upload, search] = tree.endpoints;
    if (health === undefined || create === undefined || upload === undefined || search === undefined)
      throw new Error('fixture');
    const moved = { ...search, folder: [] };
    tree.endpoints = [moved, health, create, upload];
    tree.folders = [tree.folders[2], tree.folders[0], tree.folders[1]].flatMap((folder) =>
      folder === undefined ? [] : [folder],
    );
    const reordered = applyProjectTree(store, id, tree);
    expect(reordered.changed).toBe(true);
    const read = readProjectTree(store, id);
    expect(read.tree.folders.map(({ path }) => path.join('/'))).toEqual(['Orders', 'Users', 'Users/Admin']);
    expect(read.tree.endpoints.map(({ endpoint }) => endpoint.name)).toEqual([
      'Search',
      'Health',
      'Create user',
      'Upload',
    ]);
    expect(read.ids.endpoints[0]).toBe(first.ids.endpoints[3]);
    expect(applyProjectTree(store, id, tree).changed).toBe(false);
  });
});
