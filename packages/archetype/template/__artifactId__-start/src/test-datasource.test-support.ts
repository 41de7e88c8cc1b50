import type { TestProject } from 'vitest/node';

import { loadConfig } from './config/load-config.js';

/**
 * Vitest's global setup (`vitest.config.ts`): tells every test file which database the project is configured
 * for (application.yaml, the environment and `.env`), so the tests make databases of their own on the same kind
 * of database: in-memory SQLite, or scratch databases on the PostgreSQL or MySQL server it names. The
 * configured database itself is never written to.
 */
export default async function provideTestDatasource(project: TestProject): Promise<void> {
  const { datasource } = await loadConfig({ profile: '' });
  project.provide('testDatasource', datasource);
}
