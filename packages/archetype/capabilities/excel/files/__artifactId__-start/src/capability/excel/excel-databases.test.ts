import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SysUserAppService } from '@__groupId__/__artifactId__-application';
import { Database, SysUserGatewayImpl } from '@__groupId__/__artifactId__-infrastructure';

import { startTestApplication, type TestApplication } from '../../test-application.test-support.js';
import { rowsOf, uploadForm, workbookOf } from './excel-test-workbooks.test-support.js';
import { createSysUserBulkService } from './sys-user-bulk-wiring.js';

type DataSourceConfig = Parameters<typeof Database.connect>[0];

interface Server {
  readonly name: string;
  /** Where the test databases are created and dropped from. */
  readonly admin: DataSourceConfig;
  /** The environment variables that point the test elsewhere. */
  readonly variables: string;
  drop(database: string): string;
}

/**
 * Import and export on PostgreSQL and MySQL/MariaDB at 127.0.0.1, each in a database of its own
 * (`excel_<random>`) created and dropped here. A server that does not answer is skipped, saying so.
 */
const servers: readonly Server[] = [
  {
    name: 'PostgreSQL',
    admin: {
      driver: 'pg',
      url: process.env.POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test',
      username: process.env.POSTGRES_USER ?? 'postgres',
      password: process.env.POSTGRES_PASSWORD ?? '',
      maximumPoolSize: 2,
    },
    variables: 'POSTGRES_URL, POSTGRES_USER, POSTGRES_PASSWORD',
    drop: (name: string) => `DROP DATABASE ${name} WITH (FORCE)`,
  },
  {
    name: 'MySQL/MariaDB',
    admin: {
      driver: 'mysql2',
      url: process.env.MYSQL_URL ?? 'mysql://127.0.0.1:3306/test',
      username: process.env.MYSQL_USER ?? 'root',
      password: process.env.MYSQL_PASSWORD ?? '',
      maximumPoolSize: 2,
    },
    variables: 'MYSQL_URL, MYSQL_USER, MYSQL_PASSWORD',
    drop: (name: string) => `DROP DATABASE ${name}`,
  },
];

/** Runs statements on the server's administrative database, e.g. CREATE DATABASE. */
async function onServer(admin: DataSourceConfig, script: string): Promise<void> {
  const database = await Database.connect(admin);
  try {
    await database.runScript(script);
  } finally {
    await database.close();
  }
}

const reachable = await Promise.all(
  servers.map((server) =>
    onServer(server.admin, 'select 1').then(
      () => true,
      () => false,
    ),
  ),
);
servers.forEach((server, i) => {
  if (!reachable[i]) {
    console.warn(
      `\n*** excel over ${server.name} skipped: nothing answers at ${server.admin.url} as ${server.admin.username} ` +
        `(set ${server.variables}) ***\n`,
    );
  }
});

const ROWS = 600;

describe.each(servers.map((server, i) => ({ ...server, available: reachable[i] === true })))(
  'excel over $name',
  ({ admin, drop, available }) => {
    const name = `excel_${randomBytes(4).toString('hex')}`;
    const datasource = { ...admin, url: Object.assign(new URL(admin.url), { pathname: `/${name}` }).toString() };
    let service: TestApplication;

    beforeAll(async () => {
      if (!available) return;
      await onServer(admin, `CREATE DATABASE ${name}`);
      service = await startTestApplication({
        datasource,
        sql: { init: { mode: 'always' } },
        excel: { export: { pageSize: 250 } },
      });
    });
    afterAll(async () => {
      if (!available) return;
      await service.application.close();
      await onServer(admin, drop(name));
    });

    it.skipIf(!available)('imports a workbook and exports every user back in id order', async () => {
      const rows = Array.from({ length: ROWS }, (_, i) => [`user ${i + 1}`, i % 151]);
      const imported = await fetch(`${service.application.url}/sys-users/import`, {
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
      const database = await Database.connect(datasource);
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
  },
);
