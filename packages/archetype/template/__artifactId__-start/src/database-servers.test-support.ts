import { randomBytes } from 'node:crypto';

import { Database, type DataSourceConfig } from '@__groupId__/__artifactId__-infrastructure';

/** A database server the tests can run against. */
export interface DatabaseServer {
  readonly name: string;
  /** Its `test` database on 127.0.0.1, unless the environment variables below point elsewhere. */
  readonly datasource: DataSourceConfig;
  /** The environment variables that point the tests elsewhere. */
  readonly variables: string;
  /** The statement that drops a database of this server even while connections to it remain. */
  dropStatement(name: string): string;
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
  dropStatement: (name) => `DROP DATABASE ${name} WITH (FORCE)`,
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
  dropStatement: (name) => `DROP DATABASE ${name}`,
};

/** Runs statements on the server's `test` database, e.g. CREATE DATABASE. */
export async function onServer(server: DatabaseServer, script: string): Promise<void> {
  const database = await Database.connect(server.datasource);
  try {
    await database.runScript(script);
  } finally {
    await database.close();
  }
}

/** Whether the server answers; when it does not, one loud line says which test is skipped and how to fix it. */
export async function serverAnswers(server: DatabaseServer, skipped: string): Promise<boolean> {
  const answers = await onServer(server, 'select 1').then(
    () => true,
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

export interface ScratchDatabase {
  readonly datasource: DataSourceConfig;
  drop(): Promise<void>;
}

/** A database of its own on the server (`<prefix>_<random>`), created now, removed by `drop`. */
export async function createScratchDatabase(server: DatabaseServer, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server.datasource.url);
  url.pathname = `/${name}`;
  return {
    datasource: { ...server.datasource, url: url.toString() },
    drop: () => onServer(server, server.dropStatement(name)),
  };
}
