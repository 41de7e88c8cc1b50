import {
  type Dialect,
  MysqlDialect,
  type MysqlPool,
  PostgresDialect,
  type PostgresPool,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';

import type { DataSourceConfig } from './datasource-config.js';

interface SqliteDriverModule {
  default: new (filename: string) => SqliteDatabase;
}

interface PostgresDriverModule {
  default: {
    Pool: new (options: { connectionString: string; user?: string; password?: string; max: number }) => PostgresPool;
  };
}

interface MysqlDriverModule {
  default: {
    createPool(options: { uri: string; user?: string; password?: string; connectionLimit: number }): MysqlPool;
  };
}

/**
 * Drivers are imported by name at run time, typed by Kysely's own driver interfaces: the code compiles and
 * runs with only the selected driver installed, so dropping `better-sqlite3` needs no code change.
 */
function loadDriver<T>(name: string): Promise<T> {
  return import(name) as Promise<T>;
}

export async function createDialect(config: DataSourceConfig): Promise<Dialect> {
  const user = config.username || undefined;
  const password = config.password || undefined;
  switch (config.driver) {
    case 'better-sqlite3': {
      const { default: Database } = await loadDriver<SqliteDriverModule>('better-sqlite3');
      return new SqliteDialect({ database: new Database(config.url) });
    }
    case 'pg': {
      const { default: pg } = await loadDriver<PostgresDriverModule>('pg');
      const pool = new pg.Pool({ connectionString: config.url, user, password, max: config.maximumPoolSize });
      return new PostgresDialect({ pool });
    }
    case 'mysql2': {
      const { default: mysql } = await loadDriver<MysqlDriverModule>('mysql2');
      const pool = mysql.createPool({ uri: config.url, user, password, connectionLimit: config.maximumPoolSize });
      return new MysqlDialect({ pool });
    }
  }
}
