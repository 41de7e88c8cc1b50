import { createRequire } from 'node:module';

import { type Dialect, MysqlDialect, type MysqlPool, PostgresDialect, type PostgresPool } from 'kysely';

import type { DatabaseDriver, DataSourceConfig } from './datasource-config.js';
import { createSqliteDialect } from './sqlite-dialect.js';
import type { SqliteStatementSource } from './statement-cache.js';

interface SqliteDriverModule {
  default: new (filename: string) => SqliteStatementSource;
}

interface PostgresDriverModule {
  default: {
    Pool: new (options: {
      connectionString: string;
      max: number;
    }) => PostgresPool & { on(event: 'error', listener: (error: Error) => void): unknown };
  };
}

interface MysqlDriverModule {
  default: {
    createPool(options: { uri: string; connectionLimit: number }): MysqlPool;
  };
}

/**
 * Drivers are imported by name at run time, typed by Kysely's own driver interfaces: the code compiles and
 * runs with only the selected driver installed, so dropping `better-sqlite3` needs no code change.
 */
async function loadDriver<T>(name: DatabaseDriver): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(`the database driver ${name} (datasource.driver) is not installed: run npm install ${name}`, {
      cause: error,
    });
  }
}

/** Whether the driver's package is installed, so tests can leave out what needs a driver the project dropped. */
export function isDriverInstalled(name: DatabaseDriver): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The URL with `username` and `password` filled in. Both drivers read credentials from the URL, and `pg` lets
 * a URL without them override separately given ones.
 */
function urlWithCredentials(config: DataSourceConfig): string {
  const url = new URL(config.url);
  if (config.username) url.username = encodeURIComponent(config.username);
  if (config.password) url.password = encodeURIComponent(config.password);
  return url.toString();
}

export async function createDialect(config: DataSourceConfig): Promise<Dialect> {
  switch (config.driver) {
    case 'better-sqlite3': {
      const { default: Database } = await loadDriver<SqliteDriverModule>('better-sqlite3');
      return createSqliteDialect(new Database(config.url));
    }
    case 'pg': {
      const { default: pg } = await loadDriver<PostgresDriverModule>('pg');
      const pool = new pg.Pool({ connectionString: urlWithCredentials(config), max: config.maximumPoolSize });
      // An idle connection the server ends (a restart, a failover, a database dropped) is replaced by the next
      // query; without a listener its error would end the whole process.
      pool.on('error', () => {});
      return new PostgresDialect({ pool });
    }
    case 'mysql2': {
      const { default: mysql } = await loadDriver<MysqlDriverModule>('mysql2');
      const pool = mysql.createPool({ uri: urlWithCredentials(config), connectionLimit: config.maximumPoolSize });
      return new MysqlDialect({ pool });
    }
  }
}
