import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { APPLICATION_ID, MIGRATIONS, type Migration } from './migrations.js';
import { openDatabase } from './sqlite/open-database.js';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';
import { openStore } from './store.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();
const LATEST = MIGRATIONS.at(-1)?.version ?? 0;

function withDatabase<T>(path: string, work: (db: SqliteDatabase) => T): T {
  const db = openDatabase(path);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const userVersion = (db: SqliteDatabase) => db.pragma('user_version', { simple: true });

const steps: Migration[] = [
  { version: 1, sql: 'CREATE TABLE runs (step INTEGER); INSERT INTO runs VALUES (1);' },
  { version: 2, sql: 'INSERT INTO runs VALUES (2);' },
];

describe('MIGRATIONS', () => {
  it('are numbered 1, 2, 3… in order, so user_version counts the steps applied', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });
});

describe('migrate', () => {
  it('gives a new file the latest version, the Client application id and every table', () => {
    openStore(temp.path()).close();
    withDatabase(temp.path(), (db) => {
      expect(userVersion(db)).toBe(LATEST);
      expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
      const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
      expect(tables).toEqual([
        'active_environments',
        'agent_permissions',
        'agent_written_endpoints',
        'cookie_jars',
        'endpoints',
        'environment_variables',
        'environments',
        'folders',
        'graphql_schemas',
        'history',
        'linked_files',
        'linked_folders',
        'oauth2_tokens',
        'open_tabs',
        'preferences',
        'project_variables',
        'projects',
        'runs',
        'unconfirmed_uploads',
      ]);
    });
  });

  it('runs no step again when the file is reopened', () => {
    withDatabase(temp.path(), (db) => {
      expect(migrate(db, steps, 'test.db')).toEqual({ from: 0, to: 2 });
      expect(migrate(db, steps, 'test.db')).toEqual({ from: 2, to: 2 });
      expect(db.prepare('SELECT step FROM runs ORDER BY rowid').pluck().all()).toEqual([1, 2]);
    });
    withDatabase(temp.path(), (db) => {
      expect(migrate(db, steps, 'test.db')).toEqual({ from: 2, to: 2 });
      expect(db.prepare('SELECT count(*) FROM runs').pluck().get()).toBe(2);
    });
  });

  it('applies only the steps newer than the file', () => {
    withDatabase(temp.path(), (db) => {
      migrate(db, steps.slice(0, 1), 'test.db');
      expect(migrate(db, steps, 'test.db')).toEqual({ from: 1, to: 2 });
      expect(db.prepare('SELECT step FROM runs ORDER BY rowid').pluck().all()).toEqual([1, 2]);
    });
  });

  it('leaves the file at its old version when a step fails', () => {
    withDatabase(temp.path(), (db) => {
      migrate(db, steps.slice(0, 1), 'test.db');
      const failing = [...steps, { version: 3, sql: 'INSERT INTO runs VALUES (3); INSERT INTO missing VALUES (1);' }];
      expect(() => migrate(db, failing, 'test.db')).toThrow(/no such table: missing/);
      expect(userVersion(db)).toBe(1);
      expect(db.prepare('SELECT step FROM runs').pluck().all()).toEqual([1]);
    });
  });

  it('runs a step that rebuilds a referenced table with foreign keys off, then checks every reference', () => {
    const parentAndChild: Migration = {
      version: 1,
      sql: `CREATE TABLE parent (id INTEGER PRIMARY KEY) STRICT;
        CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) ON DELETE CASCADE) STRICT;
        INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1);`,
    };
    const rebuild = (copy: string): Migration => ({
      version: 2,
      rebuildsTables: true,
      sql: `CREATE TABLE parent_next (id INTEGER PRIMARY KEY) STRICT; ${copy}
        DROP TABLE parent; ALTER TABLE parent_next RENAME TO parent;`,
    });
    withDatabase(temp.path(), (db) => {
      db.pragma('foreign_keys = ON');
      migrate(db, [parentAndChild], 'test.db');
      expect(() => migrate(db, [parentAndChild, rebuild('')], 'test.db')).toThrow(
        /could not be upgraded: 1 row\(s\) of child would reference missing parent rows/,
      );
      expect(userVersion(db)).toBe(1);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      const copied = rebuild('INSERT INTO parent_next SELECT id FROM parent;');
      expect(migrate(db, [parentAndChild, copied], 'test.db')).toEqual({ from: 1, to: 2 });
      // With foreign keys on, dropping the old parent would have deleted the child row.
      expect(db.prepare('SELECT parent_id FROM child').pluck().all()).toEqual([1]);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    });
  });

  it('refuses a file written by a newer version and leaves it untouched', () => {
    withDatabase(temp.path(), (db) => db.pragma(`user_version = ${LATEST + 1}`));
    expect(() => openStore(temp.path())).toThrow(
      expect.objectContaining({
        code: 'INTERNAL',
        message: expect.stringContaining(
          `was written by a newer version of Client (schema version ${LATEST + 1}; this version knows up to ${LATEST})`,
        ),
      }),
    );
    withDatabase(temp.path(), (db) => {
      expect(userVersion(db)).toBe(LATEST + 1);
      expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get()).toBe(0);
    });
  });

  it("refuses another program's SQLite file", () => {
    withDatabase(temp.path(), (db) => db.pragma('application_id = 42'));
    expect(() => openStore(temp.path())).toThrow(
      expect.objectContaining({ code: 'INTERNAL', message: expect.stringContaining('another program') }),
    );
  });
});
