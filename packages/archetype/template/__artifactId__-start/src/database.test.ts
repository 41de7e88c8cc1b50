import { describe, expect, it } from 'vitest';

import { ApiError, createSysUserClient } from '@__groupId__/__artifactId__-api';

import { createScratchDatabase, MYSQL, POSTGRESQL } from './database-servers.test-support.js';
import { startTestApplication } from './test-application.test-support.js';

/**
 * The sample flow against real server databases: PostgreSQL and MariaDB/MySQL on 127.0.0.1, each in a database
 * of its own (`sample_flow_<random>`) that the test creates, migrates through the service's start-up and drops;
 * the server's `test` database is only connected to. They run with DATABASE_TESTS=1 (CI starts both as services);
 * POSTGRES_* and MYSQL_* variables point them elsewhere.
 */
const enabled = process.env.DATABASE_TESTS === '1';
const SKIP_REASON =
  'database tests skipped: set DATABASE_TESTS=1 with PostgreSQL and MySQL/MariaDB on 127.0.0.1 (database test)';
if (!enabled) console.warn(`\n*** ${SKIP_REASON} ***\n`);

const databases = [POSTGRESQL, MYSQL];

describe.runIf(enabled).each(databases)('the sample flow on $name', (server) => {
  it('pages, sorts, creates, updates and deletes users', async () => {
    const scratch = await createScratchDatabase(server, 'sample_flow');
    const { application, fetch } = await startTestApplication({ datasource: scratch.datasource });
    try {
      const users = createSysUserClient(application.url, fetch);
      expect(await users.page({ sorts: [{ column: 'age', direction: 'DESC' }] })).toEqual({
        list: [
          { id: 2, name: 'bob', age: 30 },
          { id: 1, name: 'alice', age: 20 },
        ],
        totalCount: 2,
        pageSize: 20,
        pageIndex: 1,
      });
      const id = await users.create({ name: 'carol', age: 41 });
      expect(id).toBe(3);
      await users.update(id, { name: 'carol', age: 42 });
      expect(await users.get(id)).toEqual({ id, name: 'carol', age: 42 });
      expect((await users.page({ pageSize: 2, pageIndex: 2 })).list).toEqual([{ id, name: 'carol', age: 42 }]);
      // A full page cannot tell the total: the count query runs.
      expect(await users.page({ pageSize: 1 })).toMatchObject({ list: [{ name: 'alice' }], totalCount: 3 });
      await users.delete(id);
      const missing = await users.get(id).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(ApiError);
      expect((missing as ApiError).code).toBe(404);
    } finally {
      await application.close();
      await scratch.drop();
    }
  });

  it('answers ids beyond the id column, control characters and emoji names as every database does', async () => {
    const scratch = await createScratchDatabase(server, 'sample_edges');
    const { application, fetch } = await startTestApplication({ datasource: scratch.datasource });
    const answer = async (url: string, init?: RequestInit) => {
      const response = await fetch(url, init);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    try {
      const post = (body: unknown) =>
        answer(`${application.url}/sys-users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      // toMatchObject: an error carries the request's traceId whenever tracing runs in the process.
      expect(await answer(`${application.url}/sys-users/2147483648`)).toMatchObject({
        status: 404,
        body: { code: 404, data: null, msg: 'user 2147483648 does not exist' },
      });
      expect((await answer(`${application.url}/sys-users/2147483648`, { method: 'DELETE' })).status).toBe(404);
      expect((await post({ name: 'nul\u0000byte', age: 1 })).status).toBe(400);
      const emoji = '😀'.repeat(64);
      const created = await post({ name: emoji, age: 1 });
      expect(created.status).toBe(200);
      const id = (created.body as { data: number }).data;
      expect((await answer(`${application.url}/sys-users/${id}`)).body).toMatchObject({ data: { name: emoji } });
    } finally {
      await application.close();
      await scratch.drop();
    }
  });
});
