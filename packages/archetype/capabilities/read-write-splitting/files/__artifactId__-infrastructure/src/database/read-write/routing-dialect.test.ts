import { createRequire } from 'node:module';

import { type DatabaseConnection, type Dialect, type Driver, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { isDriverInstalled } from '../create-dialect.js';
import { Database } from '../database.js';
import { createSqliteDialect } from '../sqlite-dialect.js';
import type { SqliteStatementSource } from '../statement-cache.js';
import { onDatasource } from './datasource-override.js';
import { DatasourceRoutingError } from './datasource-routing-error.js';
import { RoutingDialect } from './routing-dialect.js';

/**
 * Separate in-memory SQLite databases stand in for a primary and its replicas. Each holds a user named after
 * it, so the rows a read returns tell which database answered, and each database is read directly to see
 * where a write went.
 */
interface Handle extends SqliteStatementSource {
  readonly open: boolean;
  exec(sql: string): void;
}

const installed = isDriverInstalled('better-sqlite3');
if (!installed) console.warn('\n*** read-write routing tests skipped: better-sqlite3 is not installed ***\n');

function datasource(name: string): Handle {
  const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (filename: string) => Handle;
  const handle = new Sqlite(':memory:');
  handle.exec('CREATE TABLE sys_user (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, age INTEGER NOT NULL)');
  handle.prepare('INSERT INTO sys_user (name, age) VALUES (?, 1)').run([name]);
  return handle;
}

function namesIn(handle: Handle): string[] {
  return (handle.prepare('SELECT name FROM sys_user ORDER BY id').all([]) as { name: string }[]).map((row) => row.name);
}

let database: Database;

function connect(primary: Handle, replicas: readonly Handle[]): Database {
  const dialect = new RoutingDialect(createSqliteDialect(primary), replicas.map(createSqliteDialect));
  database = Database.withDialect(dialect, 'better-sqlite3');
  return database;
}

/** The names the pool reads, i.e. the database a plain select was sent to. */
async function readNames(db: Database): Promise<string[]> {
  const rows = await db.executor().selectFrom('sys_user').select('name').orderBy('id').execute();
  return rows.map((row) => row.name);
}

afterEach(() => database?.close());

function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
}

/**
 * A replica that is down: SQLite's compiler and adapter, and a driver that cannot connect; or, `broken`,
 * one that connects but whose connection breaks on the first query.
 */
function downReplica(primary: Handle, broken = false): Dialect {
  const sqlite = createSqliteDialect(primary);
  const connection: DatabaseConnection = {
    executeQuery: () => Promise.reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
    // biome-ignore lint/correctness/useYield: a stream that fails before its first row.
    streamQuery: async function* () {
      throw connectionRefused();
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: () => (broken ? Promise.resolve(connection) : Promise.reject(connectionRefused())),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return {
    createDriver: () => driver,
    createQueryCompiler: () => sqlite.createQueryCompiler(),
    createAdapter: () => sqlite.createAdapter(),
    createIntrospector: (db) => sqlite.createIntrospector(db),
  };
}

describe.runIf(installed)('read-write routing', () => {
  it('sends a select to the replica and an insert, update and delete to the primary', async () => {
    const primary = datasource('primary');
    const replica = datasource('replica');
    const db = connect(primary, [replica]);

    expect(await readNames(db)).toEqual(['replica']);
    await db.executor().insertInto('sys_user').values({ name: 'carol', age: 41 }).execute();
    await db.executor().updateTable('sys_user').set({ age: 42 }).where('name', '=', 'primary').execute();
    await db.executor().deleteFrom('sys_user').where('name', '=', 'replica').execute();

    expect(namesIn(primary)).toEqual(['primary', 'carol']);
    expect(primary.prepare("SELECT age FROM sys_user WHERE name = 'primary'").all([])).toEqual([{ age: 42 }]);
    expect(namesIn(replica)).toEqual(['replica']);
  });

  it('runs raw SQL on the primary', async () => {
    const primary = datasource('primary');
    const replica = datasource('replica');
    const db = connect(primary, [replica]);

    await sql`CREATE TABLE note (text TEXT)`.execute(db.executor());
    await sql`INSERT INTO note VALUES ('hello')`.execute(db.executor());

    expect(primary.prepare('SELECT text FROM note').all([])).toEqual([{ text: 'hello' }]);
    expect(replica.prepare("SELECT name FROM sqlite_master WHERE name = 'note'").all([])).toEqual([]);
  });

  it('keeps every query of a transaction on the primary, reads included', async () => {
    const primary = datasource('primary');
    const replica = datasource('replica');
    const db = connect(primary, [replica]);

    const readInside = await db.inTransaction(async () => {
      await db.executor().insertInto('sys_user').values({ name: 'carol', age: 41 }).execute();
      return readNames(db);
    });

    expect(readInside).toEqual(['primary', 'carol']);
    expect(namesIn(replica)).toEqual(['replica']);
  });

  it('rolls a failed transaction back on the primary', async () => {
    const primary = datasource('primary');
    const db = connect(primary, [datasource('replica')]);

    const failure = new Error('changed my mind');
    const outcome = db.inTransaction(async () => {
      await db.executor().insertInto('sys_user').values({ name: 'carol', age: 41 }).execute();
      throw failure;
    });

    await expect(outcome).rejects.toBe(failure);
    expect(namesIn(primary)).toEqual(['primary']);
  });

  it('sets and rolls back to savepoints on the primary', async () => {
    const primary = datasource('primary');
    const db = connect(primary, [datasource('replica')]);

    const trx = await db.executor().startTransaction().execute();
    await trx.insertInto('sys_user').values({ name: 'kept', age: 1 }).execute();
    const savepoint = await trx.savepoint('before_dropped').execute();
    await savepoint.insertInto('sys_user').values({ name: 'dropped', age: 1 }).execute();
    await savepoint.rollbackToSavepoint('before_dropped').execute();
    await trx.commit().execute();

    expect(namesIn(primary)).toEqual(['primary', 'kept']);
  });

  it("reads from the primary inside onDatasource('primary', …), through every await", async () => {
    const db = connect(datasource('primary'), [datasource('replica')]);

    const names = await onDatasource('primary', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return readNames(db);
    });

    expect(names).toEqual(['primary']);
    expect(await readNames(db)).toEqual(['replica']);
  });

  it("runs raw SQL on the replica inside onDatasource('replica', …)", async () => {
    const db = connect(datasource('primary'), [datasource('replica')]);

    const { rows } = await onDatasource('replica', () =>
      sql<{ name: string }>`select name from sys_user`.execute(db.executor()),
    );

    expect(rows).toEqual([{ name: 'replica' }]);
  });

  it("refuses a write inside onDatasource('replica', …) and writes nowhere", async () => {
    const primary = datasource('primary');
    const replica = datasource('replica');
    const db = connect(primary, [replica]);

    const refused = await onDatasource('replica', () =>
      db.executor().insertInto('sys_user').values({ name: 'carol', age: 41 }).execute(),
    ).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(DatasourceRoutingError);
    expect(refused).toMatchObject({ code: 'WRITE_ON_REPLICA' });
    expect((refused as Error).message).toContain("onDatasource('replica', …) cannot run InsertQueryNode (a write");
    expect(namesIn(primary)).toEqual(['primary']);
    expect(namesIn(replica)).toEqual(['replica']);
  });

  it("refuses a transaction inside onDatasource('replica', …)", async () => {
    const db = connect(datasource('primary'), [datasource('replica')]);

    const refused = await onDatasource('replica', () => db.inTransaction(() => readNames(db))).catch(
      (error: unknown) => error,
    );

    expect(refused).toMatchObject({ code: 'TRANSACTION_ON_REPLICA' });
  });

  it("refuses onDatasource('replica', …) around a query of a running transaction", async () => {
    const db = connect(datasource('primary'), [datasource('replica')]);

    const refused = await db
      .inTransaction(() => onDatasource('replica', () => readNames(db)))
      .catch((error: unknown) => error);

    expect(refused).toMatchObject({ code: 'TRANSACTION_ON_REPLICA' });
    expect(await readNames(db)).toEqual(['replica']);
  });

  it('shares one pooled connection per database among the queries of one db.connection()', async () => {
    const primary = datasource('primary');
    const db = connect(primary, [datasource('replica')]);

    // SQLite's driver hands out its one connection at a time: taking a second one here would never return.
    const [first, second] = await db
      .executor()
      .connection()
      .execute((connection) =>
        Promise.all([
          connection.selectFrom('sys_user').select('name').execute(),
          connection.selectFrom('sys_user').select('name').execute(),
          connection.insertInto('sys_user').values({ name: 'carol', age: 41 }).execute(),
        ]),
      );

    expect([first, second]).toEqual([[{ name: 'replica' }], [{ name: 'replica' }]]);
    expect(namesIn(primary)).toEqual(['primary', 'carol']);
  });

  it('reads from the primary while a replica cannot be reached, and reports it DOWN', async () => {
    const primary = datasource('primary');
    const dialect = new RoutingDialect(createSqliteDialect(primary), [downReplica(primary)]);
    database = Database.withDialect(dialect, 'better-sqlite3');

    expect(await readNames(database)).toEqual(['primary']);
    expect(await readNames(database)).toEqual(['primary']);
    expect(await dialect.replicaHealth()).toEqual([{ status: 'DOWN', reason: 'connect ECONNREFUSED 127.0.0.1:1' }]);
  });

  it('runs a read again on the primary when the connection to the replica breaks', async () => {
    const primary = datasource('primary');
    const dialect = new RoutingDialect(createSqliteDialect(primary), [downReplica(primary, true)]);
    database = Database.withDialect(dialect, 'better-sqlite3');

    expect(await readNames(database)).toEqual(['primary']);
  });

  it('keeps sending reads to the replicas that answer while another is down', async () => {
    const primary = datasource('primary');
    const up = datasource('up');
    const dialect = new RoutingDialect(createSqliteDialect(primary), [downReplica(primary), createSqliteDialect(up)]);
    database = Database.withDialect(dialect, 'better-sqlite3');

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(...(await readNames(database)));

    expect(answers).toEqual(['primary', 'up', 'up', 'up']);
    expect((await dialect.replicaHealth()).map((replica) => replica.status)).toEqual(['DOWN', 'UP']);
  });

  it('lets the replicas take turns', async () => {
    const db = connect(datasource('primary'), [datasource('first'), datasource('second')]);

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(...(await readNames(db)));

    expect(answers).toEqual(['first', 'second', 'first', 'second']);
  });

  it('sends everything to the primary when there is no replica, whatever onDatasource asks', async () => {
    const primary = datasource('primary');
    const db = connect(primary, []);

    await db.executor().insertInto('sys_user').values({ name: 'carol', age: 41 }).execute();

    expect(await readNames(db)).toEqual(['primary', 'carol']);
    expect(await onDatasource('replica', () => readNames(db))).toEqual(['primary', 'carol']);
  });

  it('answers a ping and closes every pool', async () => {
    const primary = datasource('primary');
    const replica = datasource('replica');
    const db = connect(primary, [replica]);

    await db.ping();
    await readNames(db);
    await db.close();

    expect(primary.open).toBe(false);
    expect(replica.open).toBe(false);
  });
});
