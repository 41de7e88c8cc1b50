import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ApiError, createSysUserClient } from '@__groupId__/__artifactId__-api';
import { Database, DatasourceRoutingError, onDatasource } from '@__groupId__/__artifactId__-infrastructure';

import {
  createScratchDatabase,
  POSTGRESQL,
  serverAnswers,
  sqliteInstalled,
} from '../../database-servers.test-support.js';
import { startTestApplication, type TestApplication } from '../../test-application.test-support.js';

// Derived rather than imported, so the import line above stays one line for any project name.
type DataSourceConfig = Parameters<typeof Database.connect>[0];

/**
 * The service on a primary and a replica that hold different users, so every answer tells which database
 * gave it, and each database is read directly to see where a write went. Two SQLite files always; two
 * PostgreSQL databases, created for the run and dropped after it, when PostgreSQL answers on 127.0.0.1.
 */
interface Datasources {
  readonly primary: DataSourceConfig;
  readonly replica: DataSourceConfig;
  drop(): Promise<void>;
}

async function sqliteFiles(): Promise<Datasources> {
  const directory = await mkdtemp(join(tmpdir(), '__artifactId__-read-write-'));
  const file = (name: string): DataSourceConfig => ({
    driver: 'better-sqlite3',
    url: join(directory, `${name}.db`),
    username: '',
    password: '',
    maximumPoolSize: 1,
  });
  return {
    primary: file('primary'),
    replica: file('replica'),
    drop: () => rm(directory, { recursive: true, force: true }),
  };
}

async function postgresDatabases(): Promise<Datasources> {
  const primary = await createScratchDatabase(POSTGRESQL, 'read_write_primary');
  const replica = await createScratchDatabase(POSTGRESQL, 'read_write_replica');
  return {
    primary: primary.datasource,
    replica: replica.datasource,
    drop: async () => {
      await primary.drop();
      await replica.drop();
    },
  };
}

const postgres = await serverAnswers(POSTGRESQL, 'read-write splitting over PostgreSQL');

const setups = [
  { name: 'two SQLite files', available: sqliteInstalled, create: sqliteFiles },
  { name: 'two PostgreSQL databases', available: postgres, create: postgresDatabases },
];

async function namesIn(database: Database): Promise<string[]> {
  const rows = await database.executor().selectFrom('sys_user').select('name').orderBy('id').execute();
  return rows.map((row) => row.name);
}

for (const setup of setups) {
  describe.skipIf(!setup.available)(`read-write splitting over ${setup.name}`, () => {
    let datasources: Datasources;
    let primary: Database;
    let replica: Database;
    let service: TestApplication;

    beforeAll(async () => {
      datasources = await setup.create();
      primary = await Database.connect(datasources.primary);
      replica = await Database.connect(datasources.replica);
      // The replica holds only rita; the service's migrations fill the primary with alice and bob.
      await replica
        .executor()
        .schema.createTable('sys_user')
        .addColumn('id', 'integer', (column) => column.primaryKey())
        .addColumn('name', 'varchar(64)', (column) => column.notNull())
        .addColumn('age', 'integer', (column) => column.notNull())
        .execute();
      await replica.executor().insertInto('sys_user').values({ id: 7, name: 'rita', age: 50 }).execute();
      service = await startTestApplication({
        datasource: datasources.primary,
        // Only the URL: the credentials and pool size come from the datasource block.
        readWriteSplitting: { replicas: [{ url: datasources.replica.url }] },
      });
    });

    afterAll(async () => {
      await service?.application.close();
      await primary?.close();
      await replica?.close();
      await datasources?.drop();
    });

    it('runs the migrations on the primary only, and says where reads and writes go', async () => {
      expect(await namesIn(primary)).toEqual(expect.arrayContaining(['alice', 'bob']));
      expect(await namesIn(replica)).toEqual(['rita']);
      const started = service.logLines().find((line) => String(line.msg).startsWith('reads go to the replicas'));
      expect(started?.logger).toBe('__package__.ReadWriteSplitting');
    });

    it('answers GET /sys-users/page from the replica', async () => {
      const users = createSysUserClient(service.application.url, service.fetch);

      expect(await users.page({})).toEqual({
        list: [{ id: 7, name: 'rita', age: 50 }],
        totalCount: 1,
        pageSize: 20,
        pageIndex: 1,
      });
    });

    it('writes POST /sys-users to the primary, so the replica cannot read it back', async () => {
      const users = createSysUserClient(service.application.url, service.fetch);

      const id = await users.create({ name: 'carol', age: 41 });

      expect(await namesIn(primary)).toContain('carol');
      expect(await namesIn(replica)).toEqual(['rita']);
      const missing = await users.get(id).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(ApiError);
      expect((missing as ApiError).code).toBe(404);
    });

    it('reads inside the transaction of PUT /sys-users/:id from the primary', async () => {
      const users = createSysUserClient(service.application.url, service.fetch);
      const { id } = await primary
        .executor()
        .insertInto('sys_user')
        .values({ name: 'dave', age: 60 })
        .returning('id')
        .executeTakeFirstOrThrow();

      // The update reads dave first, in its transaction: on the replica it would be a 404.
      await users.update(id, { name: 'dave', age: 61 });

      const dave = await primary.executor().selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst();
      expect(dave).toEqual({ id, name: 'dave', age: 61 });
      expect(await namesIn(replica)).toEqual(['rita']);
    });

    it("reads from the primary inside onDatasource('primary', …)", async () => {
      const { sysUserProvider } = service.application;
      const byId = { sorts: [{ column: 'id', direction: 'ASC' }] } as const;

      const fromPrimary = await onDatasource('primary', () => sysUserProvider.page(byId));

      expect(fromPrimary.list.map((user) => user.name)).toEqual(await namesIn(primary));
      expect((await sysUserProvider.page(byId)).list.map((user) => user.name)).toEqual(['rita']);
    });

    it("refuses a write forced onto the replica with onDatasource('replica', …)", async () => {
      const { sysUserProvider } = service.application;

      const refused = await onDatasource('replica', () => sysUserProvider.create({ name: 'eve', age: 1 })).catch(
        (error: unknown) => error,
      );

      expect(refused).toBeInstanceOf(DatasourceRoutingError);
      expect(refused).toMatchObject({ code: 'WRITE_ON_REPLICA' });
      expect(await namesIn(primary)).not.toContain('eve');
      expect(await namesIn(replica)).toEqual(['rita']);
    });
  });
}

describe.skipIf(!postgres)('read-write splitting with its replica down', () => {
  let primary: Awaited<ReturnType<typeof createScratchDatabase>>;
  let service: TestApplication;

  beforeAll(async () => {
    primary = await createScratchDatabase(POSTGRESQL, 'read_write_primary');
    service = await startTestApplication({
      datasource: primary.datasource,
      // Nothing listens on port 1: every connection to this replica is refused.
      readWriteSplitting: { replicas: [{ url: 'postgres://127.0.0.1:1/replica' }] },
    });
  });

  afterAll(async () => {
    await service?.application.close();
    await primary?.drop();
  });

  it('answers reads from the primary, stays ready, and reports the replica DOWN and the service DEGRADED', async () => {
    const users = createSysUserClient(service.application.url, service.fetch);
    expect((await users.page({})).list.map((user) => user.name)).toEqual(['alice', 'bob']);
    expect((await fetch(`${service.application.url}/actuator/health/readiness`)).status).toBe(200);
    const health = await fetch(`${service.application.url}/actuator/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'DEGRADED',
      components: {
        db: { status: 'UP' },
        replicas: { status: 'DOWN', details: { replicas: [{ name: '127.0.0.1:1/replica', status: 'DOWN' }] } },
        readinessState: { status: 'UP' },
      },
    });
  });
});
