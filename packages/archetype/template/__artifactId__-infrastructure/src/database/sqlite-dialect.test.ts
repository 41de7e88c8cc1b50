import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createDialect, isDriverInstalled } from './create-dialect.js';
import { Database } from './database.js';
import { immediateReadsOf } from './sqlite-dialect.js';

const sqlite = isDriverInstalled('better-sqlite3');
if (!sqlite) console.warn('\n*** SQLite dialect tests skipped: better-sqlite3 is not installed ***\n');

let database: Database;

beforeEach(async () => {
  if (!sqlite) return;
  database = await Database.connect({
    driver: 'better-sqlite3',
    url: ':memory:',
    username: '',
    password: '',
    maximumPoolSize: 1,
  });
  await database.migrateToLatest();
});
afterEach(() => database?.close());

describe.runIf(sqlite)('the SQLite dialect', () => {
  it('binds limit and offset behind a unary plus, which SQLite does not plan the statement around', () => {
    const query = database.executor().selectFrom('sys_user').select('name').orderBy('id').limit(1).offset(1);
    expect(query.compile()).toMatchObject({
      sql: 'select "name" from "sys_user" order by "id" limit +? offset +?',
      parameters: [1, 1],
    });
  });

  it('pages with bound limits and offsets', async () => {
    const page = (offset: number) =>
      database.executor().selectFrom('sys_user').select('name').orderBy('id').limit(1).offset(offset).execute();
    expect(await page(0)).toEqual([{ name: 'alice' }]);
    expect(await page(1)).toEqual([{ name: 'bob' }]);
    expect(await page(2)).toEqual([]);
  });

  it('reads at once while nothing holds the connection, and never while a transaction does', async () => {
    const dialect = await createDialect({
      driver: 'better-sqlite3',
      url: ':memory:',
      username: '',
      password: '',
      maximumPoolSize: 1,
    });
    const db = new Kysely<{ t: { x: number } }>({ dialect });
    await sql`create table t (x integer)`.execute(db);
    await db.insertInto('t').values({ x: 1 }).execute();
    const reads = immediateReadsOf(dialect);
    const select = db.selectFrom('t').select('x').compile();
    expect(reads?.readIfIdle(select)).toEqual([{ x: 1 }]);
    expect(reads?.readIfIdle(db.insertInto('t').values({ x: 2 }).compile())).toBeUndefined();
    await db.transaction().execute(async () => {
      expect(reads?.readIfIdle(select)).toBeUndefined();
    });
    expect(reads?.readIfIdle(select)).toEqual([{ x: 1 }]);
    await db.destroy();
    expect(reads?.readIfIdle(select)).toBeUndefined();
  });
});
