import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { SysUserAppService, type SysUserBulkService } from '@__groupId__/__artifactId__-application';
import { SysUserGatewayImpl } from '@__groupId__/__artifactId__-infrastructure';

import {
  openTestDatabase,
  type TestDatabase,
} from '../../../../__artifactId__-infrastructure/src/database/test-database.test-support.js';
import { createSysUserBulkService } from './sys-user-bulk-wiring.js';

let testDatabase: TestDatabase;
let users: SysUserAppService;
let bulk: SysUserBulkService;

beforeEach(async () => {
  testDatabase = await openTestDatabase('sys_user_bulk_service');
  const { database } = testDatabase;
  users = new SysUserAppService(new SysUserGatewayImpl(database), database);
  bulk = createSysUserBulkService(users, database);
});
afterEach(() => testDatabase.close());

async function names(): Promise<string[]> {
  const page = await users.page({ pageSize: 100, pageIndex: 1, sorts: [{ column: 'id', direction: 'ASC' }] });
  return page.list.map((user) => user.name);
}

describe('SysUserBulkService.createAll on the configured database', () => {
  it('creates every user and answers the new ids in order', async () => {
    expect(
      await bulk.createAll([
        { name: 'carol', age: 41 },
        { name: 'dave', age: 52 },
      ]),
    ).toEqual([3, 4]);
    expect(await names()).toEqual(['alice', 'bob', 'carol', 'dave']);
  });

  it('rolls back the users already created when a later one breaks a domain rule', async () => {
    const attempt = bulk.createAll([
      { name: 'carol', age: 41 },
      { name: 'dave', age: 151 },
    ]);
    await expect(attempt).rejects.toMatchObject({ code: 'RULE_VIOLATED' });
    expect(await names()).toEqual(['alice', 'bob']);
  });
});
