import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate.js';
import { MIGRATIONS } from '../migrations.js';
import { openDatabase } from '../sqlite/open-database.js';
import { openStore } from '../store.js';
import { useTempStores } from '../store.test-support.js';

const temp = useTempStores();
const bearer = { type: 'bearer', token: '{{token}}' } as const;

describe('auth set on a project or a folder', () => {
  it('lists the levels an endpoint inherits from, nearest folder first and the project last', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    const outer = store.folders.create({ projectId: project.id, name: 'Admin' });
    const inner = store.folders.create({ projectId: project.id, parentId: outer.id, name: 'Users' });
    store.auth.setFolder(outer.id, bearer);
    store.auth.setProject(project.id, { type: 'basic', username: 'a', password: 'b' });

    expect(store.auth.levels(project.id, inner.id)).toEqual([
      { source: { kind: 'folder', id: inner.id, name: 'Users' }, auth: { type: 'inherit' } },
      { source: { kind: 'folder', id: outer.id, name: 'Admin' }, auth: bearer },
      {
        source: { kind: 'project', id: project.id, name: 'Shop' },
        auth: { type: 'basic', username: 'a', password: 'b' },
      },
    ]);
    expect(store.auth.levels(project.id, null)).toEqual([
      {
        source: { kind: 'project', id: project.id, name: 'Shop' },
        auth: { type: 'basic', username: 'a', password: 'b' },
      },
    ]);
    expect(store.auth.ofFolder(inner.id)).toEqual({ type: 'inherit' });
  });

  it('refuses an auth of the wrong shape, a project that would inherit, and ids it does not know', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    const other = store.projects.create({ name: 'Other' });
    const folder = store.folders.create({ projectId: other.id, name: 'Elsewhere' });
    expect(() => store.auth.setProject(project.id, { type: 'inherit' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
    expect(() => store.auth.setFolder(folder.id, { type: 'bearer' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
    expect(() => store.auth.setFolder('nope', bearer)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.auth.levels(project.id, folder.id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.auth.levels('nope', null)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(store.auth.ofProject(project.id)).toEqual({ type: 'none' });
    expect(store.auth.ofFolder(folder.id)).toEqual({ type: 'inherit' });
  });

  it('gives a new endpoint inherit unless it says otherwise', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    expect(store.endpoints.create(project.id, null, { name: 'List' }).auth).toEqual({ type: 'inherit' });
    expect(store.endpoints.create(project.id, null, { name: 'Open', auth: { type: 'none' } }).auth).toEqual({
      type: 'none',
    });
  });

  it('leaves every endpoint saved before the upgrade with the auth it had', () => {
    const path = temp.path();
    const db = openDatabase(path);
    migrate(db, MIGRATIONS.slice(0, 8), path);
    db.exec(`
      INSERT INTO projects (id, name, description, created_at, updated_at) VALUES ('p', 'Shop', '', 't', 't');
      INSERT INTO folders (id, project_id, parent_id, name, created_at, updated_at) VALUES ('f', 'p', NULL, 'F', 't', 't');
      INSERT INTO endpoints (id, project_id, folder_id, name, method, path, query_params, headers, body, auth, state,
        created_at, updated_at)
      VALUES ('e', 'p', 'f', 'E', 'GET', '/', '[]', '[]', '{"mode":"none"}', '{"type":"none"}', 'Designing',
        '2024-01-02T03:04:05.678Z', '2024-01-02T03:04:05.678Z');
    `);
    db.close();
    const store = openStore(path);
    try {
      expect(store.endpoints.get('e')?.auth).toEqual({ type: 'none' });
      expect(store.auth.ofFolder('f')).toEqual({ type: 'inherit' });
      expect(store.auth.ofProject('p')).toEqual({ type: 'none' });
    } finally {
      store.close();
    }
  });
});

describe('OAuth 2.0 tokens', () => {
  it('are kept per project and grant, replaced, deleted, and go with their project', () => {
    const store = temp.open();
    const project = store.projects.create({ name: 'Shop' });
    expect(store.oauth2Tokens.get(project.id, 'g')).toBeUndefined();
    store.oauth2Tokens.set(project.id, 'g', { accessToken: 'c1', refreshToken: null, expiresAt: null });
    store.oauth2Tokens.set(project.id, 'g', {
      accessToken: 'c2',
      refreshToken: 'r2',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    expect(store.oauth2Tokens.get(project.id, 'g')).toEqual({
      accessToken: 'c2',
      refreshToken: 'r2',
      expiresAt: '2030-01-01T00:00:00Z',
      obtainedAt: expect.any(String),
    });
    expect(store.oauth2Tokens.delete(project.id, 'g')).toBe(true);
    expect(store.oauth2Tokens.delete(project.id, 'g')).toBe(false);
    store.oauth2Tokens.set(project.id, 'g', { accessToken: 'c3', refreshToken: null, expiresAt: null });
    store.projects.delete(project.id);
    expect(store.oauth2Tokens.get(project.id, 'g')).toBeUndefined();
  });
});
