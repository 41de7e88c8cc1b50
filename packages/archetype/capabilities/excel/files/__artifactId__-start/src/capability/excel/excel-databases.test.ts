import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SysUserAppService } from '@__groupId__/__artifactId__-application';
import { Database, SysUserGatewayImpl } from '@__groupId__/__artifactId__-infrastructure';

import {
  createScratchDatabase,
  MYSQL,
  POSTGRESQL,
  type ScratchDatabase,
  serverAnswers,
} from '../../database-servers.test-support.js';
import { startTestApplication, type TestApplication } from '../../test-application.test-support.js';
import { rowsOf, uploadForm, workbookOf } from './excel-test-workbooks.test-support.js';
import { createSysUserBulkService } from './sys-user-bulk-wiring.js';

/**
 * Import and export on PostgreSQL and MySQL/MariaDB at 127.0.0.1, each in a database of its own
 * (`excel_<random>`) created and dropped here. A server that does not answer is skipped, saying so.
 */
const servers = await Promise.all(
  [POSTGRESQL, MYSQL].map(async (server) => ({
    ...server,
    available: await serverAnswers(server, `excel over ${server.name}`),
  })),
);

const ROWS = 600;

describe.each(servers)('excel over $name', (server) => {
  const { available } = server;
  let scratch: ScratchDatabase;
  let service: TestApplication;

  beforeAll(async () => {
    if (!available) return;
    scratch = await createScratchDatabase(server, 'excel');
    service = await startTestApplication({
      datasource: scratch.datasource,
      excel: { export: { pageSize: 250 } },
    });
  });
  afterAll(async () => {
    if (!available) return;
    await service.application.close();
    await scratch.drop();
  });

  it.skipIf(!available)('imports a workbook and exports every user back in id order', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => [`user ${i + 1}`, i % 151]);
    const imported = await service.fetch(`${service.application.url}/sys-users/import`, {
      method: 'POST',
      body: uploadForm(await workbookOf([['name', 'age'], ...rows])),
    });
    expect(imported.status).toBe(200);
    const exported = await fetch(`${service.application.url}/sys-users/export`);
    expect(await rowsOf(await exported.arrayBuffer())).toEqual([
      ['id', 'name', 'age'],
      [1, 'alice', 20],
      [2, 'bob', 30],
      ...rows.map(([userName, age], i) => [i + 3, userName, age]),
    ]);
  });

  it.skipIf(!available)('rolls back the users already created when a later one is refused', async () => {
    const database = await Database.connect(scratch.datasource);
    try {
      const users = new SysUserAppService(new SysUserGatewayImpl(database), database);
      const bulk = createSysUserBulkService(users, database);
      const before = (await bulk.listAfter(0, 10_000)).length;
      const attempt = bulk.createAll([
        { name: 'carol', age: 41 },
        { name: 'dave', age: 151 },
      ]);
      await expect(attempt).rejects.toMatchObject({ code: 'RULE_VIOLATED' });
      expect((await bulk.listAfter(0, 10_000)).length).toBe(before);
    } finally {
      await database.close();
    }
  });
});
