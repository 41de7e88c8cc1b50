import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { openDatabase } from './sqlite/open-database.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();
const BEFORE_GRAPHQL = MIGRATIONS.filter((migration) => migration.version < 20);

/** A file at the last schema before GraphQL bodies: a project, a folder, a JSON endpoint in it and its history. */
function createOlderDatabase(path: string): void {
  const db = openDatabase(path);
  try {
    migrate(db, BEFORE_GRAPHQL, path);
    db.pragma('foreign_keys = ON');
    db.exec(`
      INSERT INTO projects (id, name, description, created_at, updated_at) VALUES ('p', 'Old', '', 't', 't');
      INSERT INTO folders (id, project_id, parent_id, name, created_at, updated_at) VALUES ('f', 'p', NULL, 'F', 't', 't');
      INSERT INTO endpoints (id, project_seq, folder_id, name, method, path, body_mode, body, state, created_at)
        VALUES ('e', (SELECT seq FROM projects WHERE id = 'p'), 'f', 'Create', 'POST', '/users', 'json', '{"a":1.50}',
          'Designing', 1);
      INSERT INTO history (id, project_id, endpoint_id, method, url, request_headers, duration_ms, response_size,
        response_headers, sent_at) VALUES ('h', 'p', 'e', 'POST', 'http://x/', '[]', 1, 0, '[]', 't');
    `);
  } finally {
    db.close();
  }
}

describe('the GraphQL body mode step', () => {
  it('keeps every endpoint, what references it and its triggers, and then stores GraphQL bodies and schemas', () => {
    createOlderDatabase(temp.path());
    const store = temp.open();
    expect(store.endpoints.get('e')?.body).toEqual({ mode: 'json', text: '{"a":1.50}' });
    expect(store.history.get('h')?.endpointId).toBe('e');
    const body = { mode: 'graphql' as const, query: '{ users { id } }', variables: '{"n": 1.50}', operationName: 'A' };
    const created = store.endpoints.create('p', 'f', {
      name: 'Users',
      method: 'POST',
      path: '/graphql',
      queryParams: [],
      headers: [],
      body,
      auth: { type: 'none' },
      state: 'Designing',
    });
    expect(store.endpoints.get(created.id)?.body).toEqual(body);
    // Its schema is kept with it, and goes with it.
    const schema = { url: '/graphql', introspection: '{"__schema":{}}', fetchedAt: '2026-01-01T00:00:00.000Z' };
    store.graphqlSchemas.set(created.id, schema);
    expect(store.graphqlSchemas.get(created.id)).toEqual(schema);
    store.endpoints.delete(created.id);
    expect(store.graphqlSchemas.get(created.id)).toBeUndefined();
    store.close();
    const db = openDatabase(temp.path(), { readonly: true });
    try {
      const triggers = db
        .prepare<string>("SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
        .pluck();
      expect(triggers.all()).toEqual([
        'endpoints_folder_of_project_on_insert',
        'endpoints_folder_of_project_on_update',
        'folders_keep_endpoints_project',
      ]);
      const indexes = db
        .prepare<string>(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'endpoints' AND sql IS NOT NULL",
        )
        .pluck();
      expect(indexes.all().sort()).toEqual(['endpoints_by_folder', 'endpoints_by_project']);
    } finally {
      db.close();
    }
  });
});
