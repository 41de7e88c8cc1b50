import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Database } from './database.js';
import { param } from './query-parameter.js';
import { openTestDatabase, type TestDatabase } from './test-database.test-support.js';

let testDatabase: TestDatabase;
let database: Database;

// A migrated database of its own for each test: in-memory SQLite, or a scratch database on the configured server.
beforeEach(async () => {
  testDatabase = await openTestDatabase('cached_query');
  database = testDatabase.database;
});
afterEach(() => testDatabase.close());

const namesFrom = (minimumAge: number) =>
  database.cachedQuery(
    'names from age',
    (db) => db.selectFrom('sys_user').select('name').where('age', '>=', param<number>('age')).orderBy('id'),
    { age: minimumAge },
  );

describe('Database.cachedQuery on the configured database', () => {
  it('builds a query once per key and binds each run its own values', async () => {
    const build = vi.fn((db: Parameters<Parameters<Database['cachedQuery']>[1]>[0]) =>
      db.selectFrom('sys_user').select('name').orderBy('id').limit(param<number>('limit')),
    );
    expect(await database.cachedQuery('first users', build, { limit: 1 })).toEqual([{ name: 'alice' }]);
    expect(await database.cachedQuery('first users', build, { limit: 2 })).toEqual([
      { name: 'alice' },
      { name: 'bob' },
    ]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await namesFrom(25)).toEqual([{ name: 'bob' }]);
  });

  it('binds a value as a parameter, never as SQL text', async () => {
    const injected = database.cachedQuery(
      'users named',
      (db) => db.selectFrom('sys_user').select('id').where('name', '=', param<string>('name')),
      { name: "alice' or '1'='1" },
    );
    expect(await injected).toEqual([]);
  });

  it("runs on the caller's transaction", async () => {
    await database
      .inTransaction(async () => {
        await database.executor().insertInto('sys_user').values({ name: 'carol', age: 41 }).execute();
        expect(await namesFrom(40)).toEqual([{ name: 'carol' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await namesFrom(40)).toEqual([]);
  });

  it('waits for a transaction that another call chain holds open, never reading inside it', async () => {
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = database
      .inTransaction(async () => {
        await database.executor().insertInto('sys_user').values({ name: 'carol', age: 41 }).execute();
        inserted();
        await finishing;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await insertDone;
    const outside = namesFrom(40);
    finish();
    await transaction;
    expect(await outside).toEqual([]);
    expect(await namesFrom(0)).toEqual([{ name: 'alice' }, { name: 'bob' }]);
  });

  it('refuses to run without a value for each placeholder', async () => {
    await namesFrom(0);
    await expect(
      database.cachedQuery(
        'names from age',
        () => {
          throw new Error('not built again');
        },
        {},
      ),
    ).rejects.toThrow('no value for the query parameter age');
  });
});
