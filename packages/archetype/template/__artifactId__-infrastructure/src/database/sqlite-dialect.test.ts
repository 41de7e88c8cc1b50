import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Database } from './database.js';
import { openSampleDatabase } from './sample-database.test-support.js';

let database: Database;

beforeEach(async () => {
  database = await openSampleDatabase();
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
