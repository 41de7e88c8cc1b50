import { describe, expect, it } from 'vitest';

import { ApiError, createSysUserClient } from '@__groupId__/__artifactId__-api';

import { MYSQL, POSTGRESQL } from './database-servers.test-support.js';
import { startTestApplication } from './test-application.test-support.js';

/**
 * The sample flow against real server databases: PostgreSQL and MariaDB/MySQL on 127.0.0.1, database `test`.
 * They run with DATABASE_TESTS=1 (CI starts both as services); POSTGRES_* and MYSQL_* variables point them elsewhere.
 */
const enabled = process.env.DATABASE_TESTS === '1';
const SKIP_REASON =
  'database tests skipped: set DATABASE_TESTS=1 with PostgreSQL and MySQL/MariaDB on 127.0.0.1 (database test)';
if (!enabled) console.warn(`\n*** ${SKIP_REASON} ***\n`);

const databases = [POSTGRESQL, MYSQL];

describe.runIf(enabled).each(databases)('the sample flow on $name', ({ datasource }) => {
  it('pages, sorts, creates, updates and deletes users', async () => {
    const { application } = await startTestApplication({ datasource, sql: { init: { mode: 'always' } } });
    try {
      const users = createSysUserClient(application.url);
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
    }
  });
});
