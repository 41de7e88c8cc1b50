import { readFile } from 'node:fs/promises';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { Database } from './database.js';

const SCHEMA = new URL('../../../__artifactId__-start/config/schema.sql', import.meta.url);

let database: Database;

beforeEach(async () => {
  database = await Database.connect({
    driver: 'better-sqlite3',
    url: ':memory:',
    username: '',
    password: '',
    maximumPoolSize: 1,
  });
  await database.runScript(await readFile(SCHEMA, 'utf8'));
});
afterEach(() => database.close());

describe('the SQLite dialect', () => {
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
