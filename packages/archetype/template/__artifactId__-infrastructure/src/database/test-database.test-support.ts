import { randomBytes } from 'node:crypto';

import { sql } from 'kysely';
import { inject } from 'vitest';

import { Database } from './database.js';
import type { DataSourceConfig } from './datasource-config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The datasource of `application.yaml` (after the environment's overrides), provided by the start module's
     * `test-datasource.test-support.ts`: the tests make their own databases on the same kind of server.
     */
    testDatasource: DataSourceConfig;
  }
}

const IN_MEMORY_SQLITE: DataSourceConfig = {
  driver: 'better-sqlite3',
  url: ':memory:',
  username: '',
  password: '',
  maximumPoolSize: 1,
};

/** The database the project is configured for; in-memory SQLite when the tests run without the root config. */
export function configuredTestDatasource(): DataSourceConfig {
  return inject('testDatasource') ?? IN_MEMORY_SQLITE;
}

/** A database of a test's own: never the configured one, whose tables may hold someone's data. */
export interface ScratchDatabase {
  readonly datasource: DataSourceConfig;
  /** Removes the database (nothing to remove for in-memory SQLite). */
  drop(): Promise<void>;
}

async function onServer(server: DataSourceConfig, statement: string): Promise<void> {
  const database = await Database.connect({ ...server, maximumPoolSize: 1 });
  try {
    await sql.raw(statement).execute(database.executor());
  } finally {
    await database.close();
  }
}

/**
 * A new, empty database `<prefix>_<random>` on the server `server` points to, created now and removed by
 * `drop`; for SQLite a new in-memory database. The server's own database is only connected to, never changed.
 */
export async function createScratchDatabase(server: DataSourceConfig, prefix = 'scratch'): Promise<ScratchDatabase> {
  if (server.driver === 'better-sqlite3') return { datasource: IN_MEMORY_SQLITE, drop: async () => {} };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const mysql = server.driver === 'mysql2';
  await onServer(server, mysql ? `CREATE DATABASE ${name} CHARACTER SET utf8mb4` : `CREATE DATABASE ${name}`);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    datasource: { ...server, url: url.toString() },
    // WITH (FORCE): PostgreSQL refuses to drop a database while a connection to it remains.
    drop: () => onServer(server, mysql ? `DROP DATABASE ${name}` : `DROP DATABASE ${name} WITH (FORCE)`),
  };
}

export interface TestDatabase {
  readonly database: Database;
  readonly datasource: DataSourceConfig;
  /** Closes the database and drops it. */
  close(): Promise<void>;
}

/**
 * A migrated database of the test's own (the sample rows alice and bob included) on the configured kind of
 * database: in-memory SQLite by default, a scratch database on the server when the project uses PostgreSQL
 * or MySQL.
 */
export async function openTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const scratch = await createScratchDatabase(configuredTestDatasource(), prefix);
  const database = await Database.connect(scratch.datasource);
  try {
    await database.migrateToLatest();
  } catch (error) {
    await database.close();
    await scratch.drop();
    throw error;
  }
  return {
    database,
    datasource: scratch.datasource,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
