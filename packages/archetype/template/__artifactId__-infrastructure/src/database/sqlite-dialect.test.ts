import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { isDriverInstalled } from './create-dialect.js';
import { Database } from './database.js';

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
});
