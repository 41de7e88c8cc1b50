import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Database } from './database.js';
import { PreparedQuery, parameter } from './prepared-query.js';
import { openSampleDatabase } from './sample-database.test-support.js';

let database: Database;

beforeEach(async () => {
  database = await openSampleDatabase();
});
afterEach(() => database.close());

function namesByAge() {
  return new PreparedQuery(
    database
      .executor()
      .selectFrom('sys_user')
      .select('name')
      .where('age', '>=', parameter<number>('minAge'))
      .orderBy('id')
      .limit(parameter<number>('limit'))
      .compile(),
  );
}

describe('PreparedQuery', () => {
  it('runs one compiled query with the values of each run', async () => {
    const query = namesByAge();
    const run = async (values: Record<string, unknown>) =>
      (await database.executor().executeQuery(query.with(values))).rows.map((row) => row.name);
    expect(await run({ minAge: 0, limit: 5 })).toEqual(['alice', 'bob']);
    expect(await run({ minAge: 25, limit: 5 })).toEqual(['bob']);
    expect(await run({ minAge: 0, limit: 1 })).toEqual(['alice']);
    expect(query.with({ minAge: 1, limit: 2 })).toMatchObject({ parameters: [1, 2] });
  });

  it('binds a value as a parameter, never as SQL text', async () => {
    const query = namesByAge().with({ minAge: '0 or 1 = 1', limit: 5 });
    expect(query.sql).not.toContain('1 = 1');
    expect((await database.executor().executeQuery(query)).rows).toEqual([]);
  });

  it('refuses to run without a value for every placeholder', () => {
    expect(() => namesByAge().with({ minAge: 1 })).toThrow('no value for the query parameter limit');
  });
});
