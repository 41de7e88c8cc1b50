import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { SysUser } from '@__groupId__/__artifactId__-domain';

import { openTestDatabase, type TestDatabase } from '../database/test-database.test-support.js';
import { SysUserBulkGatewayImpl } from './sys-user-bulk-gateway-impl.js';
import { SysUserGatewayImpl } from './sys-user-gateway-impl.js';

let testDatabase: TestDatabase;
let users: SysUserGatewayImpl;
let bulk: SysUserBulkGatewayImpl;

beforeEach(async () => {
  testDatabase = await openTestDatabase('sys_user_bulk');
  users = new SysUserGatewayImpl(testDatabase.database);
  bulk = new SysUserBulkGatewayImpl(testDatabase.database);
});
afterEach(() => testDatabase.close());

describe('SysUserBulkGatewayImpl on the configured database', () => {
  it('lists the users after an id, in id order, up to the limit', async () => {
    for (const name of ['carol', 'dave', 'erin']) await users.insert({ name, age: 40 });
    await users.deleteById(3);
    expect(await bulk.listAfter(0, 2)).toEqual([
      SysUser.restore(1, { name: 'alice', age: 20 }),
      SysUser.restore(2, { name: 'bob', age: 30 }),
    ]);
    expect(await bulk.listAfter(2, 2)).toEqual([
      SysUser.restore(4, { name: 'dave', age: 40 }),
      SysUser.restore(5, { name: 'erin', age: 40 }),
    ]);
    expect(await bulk.listAfter(5, 2)).toEqual([]);
  });
});
