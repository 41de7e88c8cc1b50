import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The drivers, as far as these checks use them; loaded from the generated project, which depends on both. */
interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
interface MysqlConnection {
  query(text: string): Promise<[unknown, unknown]>;
  end(): Promise<void>;
}
interface Drivers {
  pg: { Client: new (options: { connectionString: string }) => PgClient };
  mysql: { createConnection(uri: string): Promise<MysqlConnection> };
}

const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';
const MYSQL_SERVER = 'mysql://root@127.0.0.1:3306';
const SENTINEL = "INSERT INTO sys_user (id, name) VALUES (42, 'keep me')";

function drivers(projectDir: string): Drivers {
  const load = createRequire(join(projectDir, 'package.json'));
  const [pgName, mysqlName] = ['pg', 'mysql2/promise'];
  return { pg: load(pgName) as Drivers['pg'], mysql: load(mysqlName) as Drivers['mysql'] };
}

async function onPostgres<T>(pg: Drivers['pg'], database: string, work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${POSTGRES_SERVER}/${database}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function onMysql<T>(
  mysql: Drivers['mysql'],
  database: string,
  work: (connection: MysqlConnection) => Promise<T>,
): Promise<T> {
  const connection = await mysql.createConnection(`${MYSQL_SERVER}/${database}`);
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

/** What a guard database holds after the run: its tables and the sentinel row. */
interface GuardContents {
  readonly postgres: { tables: string[]; sentinel: number };
  readonly mysql: { tables: string[]; sentinel: number };
}

export interface GuardDatabases {
  /** POSTGRES_URL and MYSQL_URL pointing the generated project's database tests at the guards. */
  readonly env: Record<string, string>;
  contents(): Promise<GuardContents>;
  drop(): Promise<void>;
}

/**
 * A database on PostgreSQL and one on MariaDB (`guard_<random>`), each holding a `sys_user` table with one row, as a
 * user's database would: the generated project's DATABASE_TESTS run pointed at them must leave both as they were.
 * Only these databases are created and dropped; the servers' `test` databases are never touched.
 */
export async function createGuardDatabases(projectDir: string): Promise<GuardDatabases> {
  const { pg, mysql } = drivers(projectDir);
  const name = `guard_${randomBytes(4).toString('hex')}`;
  await onPostgres(pg, 'postgres', (client) => client.query(`CREATE DATABASE ${name}`));
  await onPostgres(pg, name, async (client) => {
    await client.query('CREATE TABLE sys_user (id INTEGER PRIMARY KEY, name TEXT)');
    await client.query(SENTINEL);
  });
  await onMysql(mysql, '', (connection) => connection.query(`CREATE DATABASE ${name}`));
  await onMysql(mysql, name, async (connection) => {
    await connection.query('CREATE TABLE sys_user (id INT PRIMARY KEY, name VARCHAR(64))');
    await connection.query(SENTINEL);
  });
  return {
    env: { POSTGRES_URL: `postgres://127.0.0.1:5432/${name}`, MYSQL_URL: `mysql://127.0.0.1:3306/${name}` },
    async contents() {
      const postgres = await onPostgres(pg, name, async (client) => ({
        tables: (await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map(
          (row) => String(row.tablename),
        ),
        sentinel: (await client.query("SELECT id FROM sys_user WHERE name = 'keep me'")).rows.length,
      }));
      const mysqlContents = await onMysql(mysql, name, async (connection) => {
        const [tables] = await connection.query('SHOW TABLES');
        const [rows] = await connection.query("SELECT id FROM sys_user WHERE name = 'keep me'");
        return {
          tables: (tables as Record<string, unknown>[]).map((row) => String(Object.values(row)[0])).sort(),
          sentinel: (rows as unknown[]).length,
        };
      });
      return { postgres, mysql: mysqlContents };
    },
    async drop() {
      await onPostgres(pg, 'postgres', (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await onMysql(mysql, '', (connection) => connection.query(`DROP DATABASE IF EXISTS ${name}`));
    },
  };
}

/** The tables of PostgreSQL's `test` database with their row counts, read only. */
export async function postgresTables(projectDir: string): Promise<string[]> {
  const { pg } = drivers(projectDir);
  return onPostgres(pg, 'test', async (client) => {
    const { rows } = await client.query(
      "SELECT tablename, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', tablename), false, true, '')))[1]::text AS n FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    return rows.map((row) => `${String(row.tablename)}: ${String(row.n)}`);
  });
}
