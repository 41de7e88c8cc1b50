import type { Endpoint } from '@client/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storedEndpoint } from './endpoint-arbitrary.test-support.js';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations.js';
import { openDatabase } from './sqlite/open-database.js';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';
import { openStore } from './store.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();
const BEFORE_COMPACT = MIGRATIONS.slice(0, 11);
const PROJECTS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const folderOf = (projectId: string) => `f-${projectId}`;

/** An endpoint's row as schema 11 wrote it: its structured fields through JSON.stringify. */
function insertSchema11Endpoint(db: SqliteDatabase, endpoint: Endpoint): void {
  db.prepare(
    `INSERT INTO endpoints (id, project_id, folder_id, name, method, path, query_params, headers, body, auth, state,
       settings, description, scripts, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    endpoint.id,
    endpoint.projectId,
    endpoint.folderId,
    endpoint.name,
    endpoint.method,
    endpoint.path,
    JSON.stringify(endpoint.queryParams),
    JSON.stringify(endpoint.headers),
    JSON.stringify(endpoint.body),
    JSON.stringify(endpoint.auth),
    endpoint.state,
    JSON.stringify(endpoint.settings ?? {}),
    endpoint.description ?? '',
    endpoint.scripts === undefined ? null : JSON.stringify(endpoint.scripts),
    endpoint.createdAt,
    endpoint.updatedAt,
  );
}

/** A database at schema 11 with two projects, a folder in each, the endpoints, and rows referencing the first. */
function createSchema11Database(path: string, endpoints: readonly Endpoint[]): void {
  const db = openDatabase(path);
  try {
    migrate(db, BEFORE_COMPACT, path);
    db.pragma('foreign_keys = ON');
    const time = '2024-01-02T03:04:05.678Z';
    for (const projectId of PROJECTS) {
      db.prepare('INSERT INTO projects (id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
        projectId,
        projectId,
        '',
        time,
        time,
      );
      db.prepare(
        'INSERT INTO folders (id, project_id, parent_id, name, created_at, updated_at) VALUES (?, ?, NULL, ?, ?, ?)',
      ).run(folderOf(projectId), projectId, 'F', time, time);
    }
    for (const endpoint of endpoints) insertSchema11Endpoint(db, endpoint);
    const first = endpoints[0];
    if (first === undefined) return;
    db.prepare(
      `INSERT INTO history (id, project_id, endpoint_id, method, url, request_headers, duration_ms, response_size,
         response_headers, sent_at) VALUES ('h', ?, ?, 'GET', 'http://x/', '[]', 1, 0, '[]', ?)`,
    ).run(first.projectId, first.id, time);
    db.prepare("INSERT INTO unconfirmed_uploads (endpoint_id, path) VALUES (?, './a.png')").run(first.id);
    db.prepare(
      `INSERT INTO agent_permissions (id, project_id, endpoint_id, session, created_at) VALUES ('a', ?, ?, 's', ?)`,
    ).run(first.projectId, first.id, time);
  } finally {
    db.close();
  }
}

/** Endpoints spread over both projects, at the root or in their project's folder; ids distinct. */
const endpoints = fc
  .array(
    // A schema-11 file knew nothing of GraphQL bodies either.
    fc.tuple(
      storedEndpoint.filter(({ body }) => body.mode !== 'graphql'),
      fc.constantFrom(...PROJECTS),
      fc.boolean(),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((items) =>
    items.map(
      ([endpoint, projectId, inFolder], index): Endpoint => ({
        ...endpoint,
        // A schema-11 file knew nothing of a query param's `equals`.
        queryParams: endpoint.queryParams.map(({ equals: _equals, ...pair }) => pair),
        id: `${index}-${endpoint.id}`,
        projectId,
        folderId: inFolder ? folderOf(projectId) : null,
      }),
    ),
  );

describe('migration 12 (compact endpoints)', () => {
  it('reads back every endpoint of a schema-11 file exactly as it was, with what references it', () => {
    fc.assert(
      fc.property(endpoints, (saved) => {
        const path = temp.path(`${Math.random().toString(36).slice(2)}.db`);
        createSchema11Database(path, saved);
        const store = openStore(path);
        try {
          for (const endpoint of saved) expect(store.endpoints.get(endpoint.id)).toEqual(endpoint);
          for (const projectId of PROJECTS) {
            const expected = saved
              .map((endpoint, seq) => ({ endpoint, seq }))
              .filter(({ endpoint }) => endpoint.projectId === projectId)
              .sort((a, b) => a.endpoint.createdAt.localeCompare(b.endpoint.createdAt) || a.seq - b.seq)
              .map(({ endpoint }) => endpoint);
            expect(store.endpoints.list(projectId)).toEqual(expected);
            expect(JSON.parse(store.endpoints.treeRowsJson(projectId).toString('utf8'))).toEqual(
              expected.map(({ id, folderId, name, method, path, state }) => [id, folderId, name, method, path, state]),
            );
          }
          const first = saved[0] as Endpoint;
          expect(store.history.get('h')?.endpointId).toBe(first.id);
          expect(store.unconfirmedUploads.list(first.id)).toEqual(['./a.png']);
          expect(store.agentPermissions.allowing(first.projectId, first.id, 's')).toBeDefined();
        } finally {
          store.close();
        }
      }),
      { numRuns: 30 },
    );
    // Each run creates, migrates and opens a database file: slow on a busy machine.
  }, 60_000);

  it('keeps foreign keys on for the connection after the upgrade', () => {
    createSchema11Database(temp.path(), []);
    const store = temp.open();
    expect(store.projects.list()).toHaveLength(2);
    const db = openDatabase(temp.path());
    try {
      db.pragma('foreign_keys = ON');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('endpoints table', () => {
  it("refuses, in the database itself, an endpoint in another project's folder", () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const blog = store.projects.create({ name: 'Blog' });
    const blogFolder = store.folders.create({ projectId: blog.id, name: 'Posts' });
    const endpoint = store.endpoints.create(shop.id, null, { name: 'List' });
    const db = openDatabase(temp.path());
    try {
      const shopSeq = db.prepare('SELECT seq FROM projects WHERE id = ?').pluck().get(shop.id);
      expect(() =>
        db
          .prepare(
            `INSERT INTO endpoints (id, project_seq, folder_id, name, method, path, body_mode, state, created_at)
             VALUES ('x', ?, ?, 'X', 'GET', '/', 'none', 'Designing', 0)`,
          )
          .run(shopSeq, blogFolder.id),
      ).toThrow(/FOREIGN KEY constraint failed/);
      expect(() =>
        db.prepare('UPDATE endpoints SET folder_id = ? WHERE id = ?').run(blogFolder.id, endpoint.id),
      ).toThrow(/FOREIGN KEY constraint failed/);
    } finally {
      db.close();
    }
    expect(store.endpoints.get(endpoint.id)?.folderId).toBeNull();
  });

  it("deletes a folder's endpoints with the folder, and a project's with the project", () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop' });
    const folder = store.folders.create({ projectId: shop.id, name: 'Orders' });
    const inFolder = store.endpoints.create(shop.id, folder.id, { name: 'In' });
    const atRoot = store.endpoints.create(shop.id, null, { name: 'Root' });
    store.folders.delete(folder.id);
    expect(store.endpoints.get(inFolder.id)).toBeUndefined();
    expect(store.endpoints.get(atRoot.id)).toBeDefined();
    store.projects.delete(shop.id);
    expect(store.endpoints.get(atRoot.id)).toBeUndefined();
  });
});
