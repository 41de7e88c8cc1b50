import type { Folder } from '@client/core';
import { describe, expect, it } from 'vitest';
import type { EndpointSummary } from '../api/types.js';
import { buildTree, folderPaths, folderWithDescendants } from './tree.js';

function folder(id: string, name: string, parentId: string | null = null): Folder {
  return { id, projectId: 'p', parentId, name, createdAt: '', updatedAt: '' };
}

function endpoint(id: string, name: string, path: string, folderId: string | null = null): EndpointSummary {
  return { id, folderId, name, method: 'GET', path, state: 'Designing' };
}

const folders = [folder('f1', 'Users'), folder('f2', 'admin', 'f1'), folder('f3', 'Orders')];
const endpoints = [
  endpoint('e1', 'List users', '/users', 'f1'),
  endpoint('e2', 'ban user', '/admin/ban', 'f2'),
  endpoint('e3', 'Create order', '/orders', 'f3'),
  endpoint('e4', 'Health', '/health'),
  endpoint('e5', 'Ghost', '/ghost', 'deleted-folder'),
];

const names = (tree: ReturnType<typeof buildTree>): unknown => ({
  folders: tree.folders.map((node) => ({ [node.folder.name]: names(node) })),
  endpoints: tree.endpoints.map((e) => e.name),
});

describe('buildTree', () => {
  it('nests folders and endpoints, sorted by name ignoring case, with orphans at the root', () => {
    expect(names(buildTree(folders, endpoints))).toEqual({
      folders: [
        { Orders: { folders: [], endpoints: ['Create order'] } },
        { Users: { folders: [{ admin: { folders: [], endpoints: ['ban user'] } }], endpoints: ['List users'] } },
      ],
      endpoints: ['Ghost', 'Health'],
    });
  });

  it('keeps endpoints whose name or path matches a search, with the folders that lead to them', () => {
    expect(names(buildTree(folders, endpoints, 'BAN'))).toEqual({
      folders: [{ Users: { folders: [{ admin: { folders: [], endpoints: ['ban user'] } }], endpoints: [] } }],
      endpoints: [],
    });
    expect(names(buildTree(folders, endpoints, '/health'))).toEqual({ folders: [], endpoints: ['Health'] });
  });

  it('keeps everything inside a folder whose own name matches', () => {
    expect(names(buildTree(folders, endpoints, 'orders'))).toEqual({
      folders: [{ Orders: { folders: [], endpoints: ['Create order'] } }],
      endpoints: [],
    });
  });
});

describe('folderWithDescendants and folderPaths', () => {
  it('finds a folder and every folder below it', () => {
    expect([...folderWithDescendants([...folders, folder('f4', 'deep', 'f2')], 'f1')].sort()).toEqual([
      'f1',
      'f2',
      'f4',
    ]);
  });

  it('labels folders with their path, in order', () => {
    expect(folderPaths(folders)).toEqual([
      { id: 'f3', label: 'Orders' },
      { id: 'f1', label: 'Users' },
      { id: 'f2', label: 'Users / admin' },
    ]);
  });
});
