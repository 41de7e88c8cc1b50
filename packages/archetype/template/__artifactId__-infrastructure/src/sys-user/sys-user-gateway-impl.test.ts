import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { PageQuery } from '@__groupId__/__artifactId__-common';
import { SysUser, type SysUserSortColumn } from '@__groupId__/__artifactId__-domain';

import type { Database } from '../database/database.js';
import { openTestDatabase, type TestDatabase } from '../database/test-database.test-support.js';
import { SysUserGatewayImpl } from './sys-user-gateway-impl.js';

let testDatabase: TestDatabase;
let database: Database;
let gateway: SysUserGatewayImpl;

// A migrated database of its own for each test: in-memory SQLite, or a scratch database on the configured server.
beforeEach(async () => {
  testDatabase = await openTestDatabase('sys_user_gateway');
  database = testDatabase.database;
  gateway = new SysUserGatewayImpl(database);
});
afterEach(() => testDatabase.close());

describe('SysUserGatewayImpl on the configured database', () => {
  it('reads the sample rows the migrations insert', async () => {
    expect(await gateway.page({ pageSize: 20, pageIndex: 1, sorts: [] })).toEqual({
      list: [SysUser.restore(1, { name: 'alice', age: 20 }), SysUser.restore(2, { name: 'bob', age: 30 })],
      totalCount: 2,
      pageSize: 20,
      pageIndex: 1,
    });
  });

  it('sorts by several columns and pages through the result', async () => {
    await gateway.insert({ name: 'carol', age: 30 });
    const page = await gateway.page({
      pageSize: 2,
      pageIndex: 1,
      sorts: [
        { column: 'age', direction: 'DESC' },
        { column: 'name', direction: 'DESC' },
      ],
    });
    expect(page.list.map((user) => user.name)).toEqual(['carol', 'bob']);
    expect(page.totalCount).toBe(3);
  });

  it('answers each sort order with its own query when orders alternate', async () => {
    const names = async (sorts: PageQuery<SysUserSortColumn>['sorts']) =>
      (await gateway.page({ pageSize: 20, pageIndex: 1, sorts })).list.map((user) => user.name);
    expect(await names([{ column: 'age', direction: 'DESC' }])).toEqual(['bob', 'alice']);
    expect(await names([{ column: 'name', direction: 'ASC' }])).toEqual(['alice', 'bob']);
    expect(await names([{ column: 'age', direction: 'ASC' }])).toEqual(['alice', 'bob']);
    expect(await names([{ column: 'age', direction: 'DESC' }])).toEqual(['bob', 'alice']);
  });

  it('counts every row for a full page and for a page past the end', async () => {
    expect(await gateway.page({ pageSize: 1, pageIndex: 1, sorts: [] })).toMatchObject({ totalCount: 2 });
    expect(await gateway.page({ pageSize: 2, pageIndex: 1, sorts: [] })).toMatchObject({ totalCount: 2 });
    expect(await gateway.page({ pageSize: 2, pageIndex: 5, sorts: [] })).toEqual({
      list: [],
      totalCount: 2,
      pageSize: 2,
      pageIndex: 5,
    });
  });

  it('refuses a sort column that is not in its whitelist even when the types were bypassed', async () => {
    const sorts = [{ column: 'age; DROP TABLE sys_user' as 'age', direction: 'ASC' as const }];
    await expect(gateway.page({ pageSize: 20, pageIndex: 1, sorts })).rejects.toThrow('cannot sort by');
    expect((await gateway.page({ pageSize: 20, pageIndex: 1, sorts: [] })).totalCount).toBe(2);
  });

  it('finds no user, and deletes none, for an id beyond the id column', async () => {
    expect(await gateway.findById(2_147_483_648)).toBeUndefined();
    expect(await gateway.deleteById(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('inserts, updates and deletes', async () => {
    const id = await gateway.insert({ name: 'dave', age: 50 });
    expect(id).toBe(3);
    const dave = await gateway.findById(id);
    await gateway.update(SysUser.restore(id, { name: 'dave', age: 51 }));
    expect(await gateway.findById(id)).toEqual(SysUser.restore(id, { name: 'dave', age: 51 }));
    expect(dave?.age).toBe(50);
    expect(await gateway.deleteById(id)).toBe(true);
    expect(await gateway.deleteById(id)).toBe(false);
    expect(await gateway.findById(id)).toBeUndefined();
  });

  it('rolls back every change made inside a failed transaction', async () => {
    const failure = database.inTransaction(async () => {
      await gateway.insert({ name: 'erin', age: 22 });
      await gateway.deleteById(1);
      throw new Error('abort');
    });
    await expect(failure).rejects.toThrow('abort');
    expect((await gateway.page({ pageSize: 20, pageIndex: 1, sorts: [] })).list.map((user) => user.name)).toEqual([
      'alice',
      'bob',
    ]);
  });
});
