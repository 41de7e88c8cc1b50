import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from './test-database.test-support.js';

let testDatabase: TestDatabase;

beforeEach(async () => {
  testDatabase = await openTestDatabase('migrations');
});
afterEach(() => testDatabase.close());

async function tables(): Promise<string[]> {
  const all = await testDatabase.database.executor().introspection.getTables();
  return all.map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
}

describe('the migrations on the configured database', () => {
  it('are all applied by migrateToLatest, and applying again changes nothing', async () => {
    const { database } = testDatabase;
    const status = await database.migrationStatus();
    expect(status.map((migration) => migration.name)).toEqual(['0001-create-sys-user', '0002-insert-sample-users']);
    expect(status.every((migration) => migration.executedAt instanceof Date)).toBe(true);
    expect(await database.migrateToLatest()).toEqual([]);
    expect(await tables()).toEqual(['sys_user']);
  });

  it('go down one at a time and up again to the same rows', async () => {
    const { database } = testDatabase;
    expect(await database.migrateDown()).toEqual(['0002-insert-sample-users']);
    expect(await database.executor().selectFrom('sys_user').selectAll().execute()).toEqual([]);
    expect(await database.migrateDown()).toEqual(['0001-create-sys-user']);
    expect(await tables()).toEqual([]);
    expect(await database.migrateToLatest()).toEqual(['0001-create-sys-user', '0002-insert-sample-users']);
    const names = await database.executor().selectFrom('sys_user').select('name').orderBy('id').execute();
    expect(names).toEqual([{ name: 'alice' }, { name: 'bob' }]);
  });

  it('store a name of 64 emoji (64 code points) on every database', async () => {
    const { database } = testDatabase;
    const name = '😀'.repeat(64);
    await database.executor().insertInto('sys_user').values({ name, age: 1 }).execute();
    const stored = await database.executor().selectFrom('sys_user').select('name').where('age', '=', 1).execute();
    expect(stored).toEqual([{ name }]);
  });
});
