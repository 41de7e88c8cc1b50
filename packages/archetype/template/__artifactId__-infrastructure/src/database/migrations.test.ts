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

/** The sample's own migrations come first; a resource added later brings one more each. */
const SAMPLE_MIGRATIONS = ['0001-create-sys-user', '0002-insert-sample-users'];

describe('the migrations on the configured database', () => {
  it('are all applied by migrateToLatest, in name order, and applying again changes nothing', async () => {
    const { database } = testDatabase;
    const status = await database.migrationStatus();
    const names = status.map((migration) => migration.name);
    expect(names.slice(0, SAMPLE_MIGRATIONS.length)).toEqual(SAMPLE_MIGRATIONS);
    expect(names).toEqual(names.toSorted());
    expect(status.every((migration) => migration.executedAt instanceof Date)).toBe(true);
    expect(await database.migrateToLatest()).toEqual([]);
    expect(await tables()).toContain('sys_user');
  });

  it('go down one at a time to an empty database and up again to the same rows', async () => {
    const { database } = testDatabase;
    const applied = (await database.migrationStatus()).map((migration) => migration.name);
    const undone: string[] = [];
    for (let step = await database.migrateDown(); step.length > 0; step = await database.migrateDown()) {
      undone.push(...step);
    }
    expect(undone).toEqual(applied.toReversed());
    expect(await tables()).toEqual([]);
    expect(await database.migrateToLatest()).toEqual(applied);
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
