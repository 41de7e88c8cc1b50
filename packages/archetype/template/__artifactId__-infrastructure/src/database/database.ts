import { AsyncLocalStorage } from 'node:async_hooks';

import { type Dialect, Kysely, sql, type Transaction } from 'kysely';

import { createDialect } from './create-dialect.js';
import type { DatabaseSchema } from './database-schema.js';
import type { DatabaseDriver, DataSourceConfig } from './datasource-config.js';
import { splitSqlScript } from './sql-script.js';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * The connection pool, and the transaction boundary the application module declares: inside `inTransaction`
 * every gateway call runs on the same transaction, found through `AsyncLocalStorage` the way a Spring
 * transaction is found through the current thread.
 */
export class Database {
  private readonly currentTransaction = new AsyncLocalStorage<Transaction<DatabaseSchema>>();

  private constructor(
    private readonly kysely: Kysely<DatabaseSchema>,
    readonly driver: DatabaseDriver,
  ) {}

  static async connect(config: DataSourceConfig): Promise<Database> {
    return Database.withDialect(await createDialect(config), config.driver);
  }

  /** A database on a dialect built elsewhere (read-write splitting routes queries over several pools). */
  static withDialect(dialect: Dialect, driver: DatabaseDriver): Database {
    return new Database(new Kysely<DatabaseSchema>({ dialect }), driver);
  }

  /** The transaction of the current call chain, or the pool outside one. */
  executor(): Executor {
    return this.currentTransaction.getStore() ?? this.kysely;
  }

  /** Joins the surrounding transaction if there is one (Spring's REQUIRED propagation). */
  inTransaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.currentTransaction.getStore()) return work();
    return this.kysely.transaction().execute((trx) => this.currentTransaction.run(trx, work));
  }

  /** MySQL has no `INSERT … RETURNING`; its driver reports the generated id instead. */
  get supportsReturning(): boolean {
    return this.driver !== 'mysql2';
  }

  async runScript(script: string): Promise<void> {
    for (const statement of splitSqlScript(script)) await sql.raw(statement).execute(this.executor());
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.kysely);
  }

  close(): Promise<void> {
    return this.kysely.destroy();
  }
}
