import { type DataSourceConfig, isDriverInstalled } from '@__groupId__/__artifactId__-infrastructure';

import {
  createScratchDatabase as createOnServer,
  type ScratchDatabase,
} from '../../__artifactId__-infrastructure/src/database/test-database.test-support.js';

export type { ScratchDatabase };

/** Whether the embedded database's driver is installed (the project may have switched to a server database). */
export const sqliteInstalled = isDriverInstalled('better-sqlite3');

/** A database server the tests can run against with DATABASE_TESTS=1 (or when it answers). */
export interface DatabaseServer {
  readonly name: string;
  /** How to reach it: its `test` database on 127.0.0.1, unless the variables below point elsewhere. */
  readonly datasource: DataSourceConfig;
  /** The environment variables that point the tests elsewhere. */
  readonly variables: string;
}

export const POSTGRESQL: DatabaseServer = {
  name: 'PostgreSQL',
  datasource: {
    driver: 'pg',
    url: process.env.POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test',
    username: process.env.POSTGRES_USER ?? 'postgres',
    password: process.env.POSTGRES_PASSWORD ?? '',
    maximumPoolSize: 2,
  },
  variables: 'POSTGRES_URL, POSTGRES_USER, POSTGRES_PASSWORD',
};

export const MYSQL: DatabaseServer = {
  name: 'MySQL/MariaDB',
  datasource: {
    driver: 'mysql2',
    url: process.env.MYSQL_URL ?? 'mysql://127.0.0.1:3306/test',
    username: process.env.MYSQL_USER ?? 'root',
    password: process.env.MYSQL_PASSWORD ?? '',
    maximumPoolSize: 2,
  },
  variables: 'MYSQL_URL, MYSQL_USER, MYSQL_PASSWORD',
};

/**
 * A database of the test's own on the server (`<prefix>_<random>`), created now, removed by `drop`. The
 * server's `test` database is only connected to: the tests never create, change or drop a table in it.
 */
export function createScratchDatabase(server: DatabaseServer, prefix: string): Promise<ScratchDatabase> {
  return createOnServer(server.datasource, prefix);
}

/** Whether the server answers; when it does not, one loud line says which test is skipped and how to fix it. */
export async function serverAnswers(server: DatabaseServer, skipped: string): Promise<boolean> {
  const answers = await createScratchDatabase(server, 'probe').then(
    (scratch) => scratch.drop().then(() => true),
    () => false,
  );
  if (!answers) {
    console.warn(
      `\n*** ${skipped} skipped: no ${server.name} answers at ${server.datasource.url} as ` +
        `${server.datasource.username} (set ${server.variables}) ***\n`,
    );
  }
  return answers;
}
