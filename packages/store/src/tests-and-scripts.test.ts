import type { Assertion, EndpointScripts } from '@client/core';

import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { openDatabase } from './sqlite/open-database.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

const rows: Assertion[] = [
  { source: 'status', property: '', operator: 'eq', value: '200' },
  { source: 'jsonpath', property: '$.id', operator: 'exists', value: '', enabled: false },
];
const scripts = (text: string): EndpointScripts => ({ from: 'postman', preRequest: text, postResponse: '', tests: '' });

function project() {
  const store = temp.open();
  const { id } = store.projects.create({ name: 'Shop' });
  return { store, projectId: id };
}

describe("an endpoint's assertion rows", () => {
  it('are kept in order, switched-off rows included, and read back after reopening', () => {
    const { store, projectId } = project();
    const created = store.endpoints.create(projectId, null, { name: 'Ping', tests: rows });
    expect(created.tests).toEqual(rows);
    store.close();
    expect(temp.open().endpoints.get(created.id)?.tests).toEqual(rows);
  });

  it('stay when an update leaves them out, and go with [] or null', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Ping', tests: rows });
    expect(store.endpoints.update(id, { name: 'Pong' }).tests).toEqual(rows);
    expect(store.endpoints.update(id, { tests: [] }).tests).toBeUndefined();
    store.endpoints.update(id, { tests: rows });
    expect(store.endpoints.update(id, { tests: null as unknown as Assertion[] }).tests).toBeUndefined();
    expect(store.endpoints.get(id)?.tests).toBeUndefined();
  });

  it('are refused, naming the row, when one is wrong, and nothing is written', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Ping', tests: rows });
    const wrong = [...rows, { source: 'status', property: '', operator: 'gt', value: 'fast' }] as Assertion[];
    expect(() => store.endpoints.update(id, { tests: wrong })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: 'tests[2].value must be a number for gt (or a {{variable}} holding one), not "fast"',
      }),
    );
    expect(store.endpoints.get(id)?.tests).toEqual(rows);
  });
});

describe('scripts of folders and the project', () => {
  it('are set, read, cleared with null, and scripts of only blanks are none', () => {
    const { store, projectId } = project();
    const folder = store.folders.create({ projectId, name: 'Orders' });
    expect(store.scripts.ofProject(projectId)).toBeUndefined();
    expect(store.scripts.setProject(projectId, scripts('pm.a();'))).toEqual(scripts('pm.a();'));
    expect(store.scripts.setFolder(folder.id, scripts('pm.b();'))).toEqual(scripts('pm.b();'));
    expect(store.scripts.ofProject(projectId)).toEqual(scripts('pm.a();'));
    expect(store.scripts.ofFolder(folder.id)).toEqual(scripts('pm.b();'));
    expect(store.scripts.setFolder(folder.id, scripts('  \n'))).toBeUndefined();
    expect(store.scripts.ofFolder(folder.id)).toBeUndefined();
    store.scripts.setProject(projectId, null);
    expect(store.scripts.ofProject(projectId)).toBeUndefined();
  });

  it('are refused when wrong or when the project or folder is unknown', () => {
    const { store, projectId } = project();
    expect(() => store.scripts.setProject(projectId, { from: 'postman', tests: 1 })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'scripts.tests must be a string, not number' }),
    );
    expect(() => store.scripts.setProject('nope', scripts('x'))).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => store.scripts.ofFolder('nope')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('run in order for a request: the project, then each folder from the outermost in, those without left out', () => {
    const { store, projectId } = project();
    const outer = store.folders.create({ projectId, name: 'Outer' });
    const middle = store.folders.create({ projectId, parentId: outer.id, name: 'Middle' });
    const inner = store.folders.create({ projectId, parentId: middle.id, name: 'Inner' });
    store.scripts.setProject(projectId, scripts('project'));
    store.scripts.setFolder(outer.id, scripts('outer'));
    store.scripts.setFolder(inner.id, scripts('inner'));
    expect(
      store.scripts.levels(projectId, inner.id).map((level) => [level.kind, level.name, level.scripts.preRequest]),
    ).toEqual([
      ['project', 'Shop', 'project'],
      ['folder', 'Outer', 'outer'],
      ['folder', 'Inner', 'inner'],
    ]);
    expect(store.scripts.levels(projectId, null).map((level) => level.id)).toEqual([projectId]);
    const other = store.projects.create({ name: 'Other' });
    expect(() => store.scripts.levels(other.id, inner.id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => store.scripts.levels('nope', null)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('the tests-and-runs migration', () => {
  it('brings a file of the previous schema up with no rows, scripts or runs, keeping what it held', () => {
    const path = temp.path();
    const db = openDatabase(path);
    migrate(db, MIGRATIONS.slice(0, 12), path);
    db.exec(`
      INSERT INTO projects (id, name, description, created_at, updated_at) VALUES ('p', 'Old', '', 't', 't');
      INSERT INTO folders (id, project_id, parent_id, name, created_at, updated_at) VALUES ('f', 'p', NULL, 'F', 't', 't');
      INSERT INTO endpoints (id, project_seq, folder_id, name, method, path, body_mode, state, created_at)
      VALUES ('e', (SELECT seq FROM projects WHERE id = 'p'), 'f', 'Old endpoint', 'GET', '/', 'none', 'Designing', 0);
    `);
    db.close();
    const store = temp.open();
    expect(store.endpoints.get('e')).toMatchObject({ name: 'Old endpoint', folderId: 'f' });
    expect(store.endpoints.get('e')?.tests).toBeUndefined();
    expect(store.scripts.levels('p', 'f')).toEqual([]);
    expect(store.runs.list('p')).toEqual([]);
    expect(store.endpoints.update('e', { tests: rows }).tests).toEqual(rows);
  });
});
