import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  MysqlAdapter,
  PostgresAdapter,
  SqliteAdapter,
  sql,
} from 'kysely';

/** The SQL dialect a migration runs on, from the adapter of the Kysely instance it is given. */
export type SqlPlatform = 'sqlite' | 'postgres' | 'mysql';

export function sqlPlatformOf(db: Kysely<unknown>): SqlPlatform {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`migrations know SQLite, PostgreSQL and MySQL, not ${adapter.constructor.name}`);
}

/**
 * `CREATE TABLE name`, on MySQL/MariaDB in `utf8mb4`, so a name of emoji fits there as it does elsewhere
 * (MySQL's older `utf8` holds three bytes a character, and MariaDB's default may be latin1).
 */
export function createTableFor(db: Kysely<unknown>, table: string): CreateTableBuilder<string, never> {
  const create = db.schema.createTable(table);
  return sqlPlatformOf(db) === 'mysql' ? create.modifyEnd(sql`character set utf8mb4`) : create;
}

/**
 * A generated integer primary key on every database: `AUTOINCREMENT` on SQLite, an identity column on
 * PostgreSQL, `AUTO_INCREMENT` on MySQL. It is an `integer` column, so ids stay within 32 bits everywhere.
 */
export function idColumn(db: Kysely<unknown>): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  switch (sqlPlatformOf(db)) {
    case 'postgres':
      return (column) => column.primaryKey().generatedByDefaultAsIdentity();
    case 'mysql':
    case 'sqlite':
      return (column) => column.primaryKey().autoIncrement();
  }
}

/** The largest id an `idColumn` holds: an `integer` is 32 bits on PostgreSQL and MySQL. */
export const ID_MAX = 2_147_483_647;
