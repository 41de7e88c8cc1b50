import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { openDatabase } from './sqlite/open-database.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

const scripts = {
  from: 'postman' as const,
  preRequest: 'pm.variables.set("a", 1);',
  postResponse: '',
  tests: 'pm.test();',
};

function project() {
  const store = temp.open();
  const { id } = store.projects.create({ name: 'Shop' });
  return { store, projectId: id };
}

describe('descriptions and kept scripts', () => {
  it('stores an endpoint description and its scripts, and reads them back after reopening', () => {
    const { store, projectId } = project();
    const created = store.endpoints.create(projectId, null, { name: 'Ping', description: 'Answers **pong**', scripts });
    expect(created).toMatchObject({ description: 'Answers **pong**', scripts });
    store.close();
    const reopened = temp.open();
    expect(reopened.endpoints.get(created.id)).toMatchObject({ description: 'Answers **pong**', scripts });
  });

  it('keeps the scripts when an update leaves them out, clears them with null, and drops an emptied description', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Ping', description: 'Docs', scripts });
    expect(store.endpoints.update(id, { name: 'Pong' })).toMatchObject({ name: 'Pong', description: 'Docs', scripts });
    const cleared = store.endpoints.update(id, { description: '', scripts: null });
    expect(cleared.description).toBeUndefined();
    expect(cleared.scripts).toBeUndefined();
    expect(store.endpoints.get(id)).toEqual(cleared);
  });

  it('refuses scripts of an unknown client and a description of the wrong type, writing nothing', () => {
    const { store, projectId } = project();
    const { id } = store.endpoints.create(projectId, null, { name: 'Ping' });
    expect(() => store.endpoints.update(id, { scripts: { ...scripts, from: 'yaak' as 'postman' } })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: 'scripts.from must be one of "postman", "bruno", "insomnia"',
      }),
    );
    expect(() => store.endpoints.update(id, { description: 42 as unknown as string })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'description must be a string, not number' }),
    );
    expect(store.endpoints.get(id)?.description).toBeUndefined();
  });

  it('stores a folder description', () => {
    const { store, projectId } = project();
    const folder = store.folders.create({ projectId, name: 'Orders', description: 'Order requests' });
    expect(store.folders.get(folder.id)).toEqual(folder);
    expect(folder.description).toBe('Order requests');
    expect(store.folders.rename(folder.id, 'All orders').description).toBe('Order requests');
  });

  it('adds the columns to a database of the previous schema, its endpoints without description or scripts', () => {
    const path = temp.path();
    const db = openDatabase(path);
    // The schema as it was before descriptions and scripts (step 9).
    migrate(db, MIGRATIONS.slice(0, 8), path);
    db.exec(`
      INSERT INTO projects (id, name, description, created_at, updated_at) VALUES ('p', 'Old', '', 't', 't');
      INSERT INTO endpoints (id, project_id, folder_id, name, method, path, query_params, headers, body, auth, state,
        created_at, updated_at)
      VALUES ('e', 'p', NULL, 'Old endpoint', 'GET', '/', '[]', '[]', '{"mode":"none"}', '{"type":"none"}',
        'Designing', '2024-01-02T03:04:05.678Z', '2024-01-02T03:04:05.678Z');
    `);
    db.close();
    const id = 'e';
    const upgraded = temp.open();
    const endpoint = upgraded.endpoints.get(id);
    expect(endpoint?.name).toBe('Old endpoint');
    expect(endpoint?.description).toBeUndefined();
    expect(upgraded.endpoints.update(id, { description: 'Now documented' }).description).toBe('Now documented');
  });
});
