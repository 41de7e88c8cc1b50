import type { EndpointScripts } from '@client/core';
import { describe, expect, it } from 'vitest';
import { duplicateEndpoint, duplicateFolder } from './duplicate.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

const scripts = (text: string): EndpointScripts => ({ from: 'bruno', preRequest: '', postResponse: text, tests: '' });
const tests = [{ source: 'status' as const, property: '', operator: 'eq' as const, value: '201' }];

describe('duplicate', () => {
  it('copies an endpoint beside the original with everything it holds, its unconfirmed uploads still unconfirmed', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    const folder = store.folders.create({ projectId, name: 'Orders' });
    const original = store.endpoints.create(projectId, folder.id, {
      name: 'Upload',
      method: 'POST',
      body: { mode: 'file', path: './a.png' },
      auth: { type: 'bearer', token: '{{token}}' },
      settings: { timeoutMs: 900 },
      description: 'Sends a file',
      scripts: scripts('bru.setVar("a", 1);'),
      tests,
    });
    store.unconfirmedUploads.add(original.id, ['./a.png']);
    const copy = duplicateEndpoint(store, original.id);
    const { id: _o, name: _n, createdAt: _c, updatedAt: _u, ...same } = original;
    expect(copy).toMatchObject({ ...same, name: 'Upload copy' });
    expect(copy.id).not.toBe(original.id);
    expect(store.unconfirmedUploads.list(copy.id)).toEqual(['./a.png']);
    expect(() => duplicateEndpoint(store, 'nope')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it("copies a folder with its folders and endpoints in order, each folder's auth and scripts included", () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    const users = store.folders.create({ projectId, name: 'Users', description: 'People' });
    const admin = store.folders.create({ projectId, parentId: users.id, name: 'Admin' });
    store.auth.setFolder(users.id, { type: 'basic', username: 'u', password: '{{p}}' });
    store.scripts.setFolder(admin.id, scripts('admin'));
    store.endpoints.create(projectId, users.id, { name: 'List', tests });
    store.endpoints.create(projectId, users.id, { name: 'Get' });
    store.endpoints.create(projectId, admin.id, { name: 'Remove' });

    const copy = duplicateFolder(store, users.id);
    expect(copy).toMatchObject({ name: 'Users copy', parentId: null, description: 'People' });
    expect(store.auth.ofFolder(copy.id)).toEqual({ type: 'basic', username: 'u', password: '{{p}}' });
    const innerCopy = store.folders.list(projectId).find((f) => f.parentId === copy.id);
    expect(innerCopy?.name).toBe('Admin');
    expect(store.scripts.ofFolder(innerCopy?.id ?? '')).toEqual(scripts('admin'));
    expect(store.scripts.ofFolder(copy.id)).toBeUndefined();
    const endpoints = store.endpoints.list(projectId);
    expect(endpoints.filter((e) => e.folderId === copy.id).map((e) => [e.name, e.tests])).toEqual([
      ['List', tests],
      ['Get', undefined],
    ]);
    expect(endpoints.filter((e) => e.folderId === innerCopy?.id).map((e) => e.name)).toEqual(['Remove']);
    expect(endpoints).toHaveLength(6);
    expect(() => duplicateFolder(store, 'nope')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
