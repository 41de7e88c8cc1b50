import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { SysUser } from '@__groupId__/__artifactId__-domain';

import type { Database } from '../database/database.js';
import { openSampleDatabase } from '../database/sample-database.test-support.js';
import { SysUserBulkGatewayImpl } from './sys-user-bulk-gateway-impl.js';
import { SysUserGatewayImpl } from './sys-user-gateway-impl.js';

let database: Database;
let users: SysUserGatewayImpl;
let bulk: SysUserBulkGatewayImpl;

beforeEach(async () => {
  database = await openSampleDatabase();
  users = new SysUserGatewayImpl(database);
  bulk = new SysUserBulkGatewayImpl(database);
});
afterEach(() => database.close());

describe('SysUserBulkGatewayImpl on SQLite', () => {
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
