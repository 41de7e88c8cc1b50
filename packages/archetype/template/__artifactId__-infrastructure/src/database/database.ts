import { AsyncLocalStorage } from 'node:async_hooks';

import { type Compilable, type CompiledQuery, type Dialect, Kysely, sql, type Transaction } from 'kysely';

import { createDialect } from './create-dialect.js';
import type { DatabaseSchema } from './database-schema.js';
import type { DatabaseDriver, DataSourceConfig } from './datasource-config.js';
import { LruCache } from './lru-cache.js';
import { type MigrationStatus, migrateDown, migrateToLatest, migrationStatus } from './migrations.js';
import { bindParameters } from './query-parameter.js';
import { type ImmediateReads, immediateReadsOf } from './sqlite-dialect.js';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** Queries `cachedQuery` keeps compiled; the least recently used one is dropped when another arrives. */
export const COMPILED_QUERY_CACHE_SIZE = 200;

/** Runs work where writes go; a database over several datasources (read-write splitting) says which one. */
export type OnPrimary = <T>(work: () => Promise<T>) => Promise<T>;

/** Whether one replica of a database answers (read-write splitting); `name` is its host and database. */
export interface ReplicaHealth {
  readonly name: string;
  readonly status: 'UP' | 'DOWN';
  readonly reason?: string;
}

export interface DatabaseOptions {
  /** Where the migrations and their bookkeeping reads run: the primary, never a lagging replica. */
  readonly onPrimary?: OnPrimary;
  /** Probes the replicas reads go to, if there are any. */
  readonly replicaHealth?: () => Promise<ReplicaHealth[]>;
}

/**
 * The connection pool, and the transaction boundary the application module declares: inside `inTransaction`
 * every gateway call runs on the same transaction, found through `AsyncLocalStorage` the way a Spring
 * transaction is found through the current thread. On SQLite each distinct SQL text is prepared once and
 * reused (`statement-cache.ts`), so gateways write plain Kysely and SQLite compiles a statement only once; a
 * hot query is also built and compiled by Kysely only once (`cachedQuery`).
 */
export class Database {
  private readonly currentTransaction = new AsyncLocalStorage<Transaction<DatabaseSchema>>();

  private readonly onPrimary: OnPrimary;

  private readonly compiledQueries = new LruCache<string, CompiledQuery<unknown>>(COMPILED_QUERY_CACHE_SIZE);

  private constructor(
    private readonly kysely: Kysely<DatabaseSchema>,
    readonly driver: DatabaseDriver,
    private readonly options: DatabaseOptions,
    private readonly immediateReads: ImmediateReads | undefined,
  ) {
    this.onPrimary = options.onPrimary ?? ((work) => work());
  }

  static async connect(config: DataSourceConfig): Promise<Database> {
    return Database.withDialect(await createDialect(config), config.driver);
  }

  /** A database on a dialect built elsewhere (read-write splitting routes queries over several pools). */
  static withDialect(dialect: Dialect, driver: DatabaseDriver, options: DatabaseOptions = {}): Database {
    return new Database(new Kysely<DatabaseSchema>({ dialect }), driver, options, immediateReadsOf(dialect));
  }

  /** The transaction of the current call chain, or the pool outside one. */
  executor(): Executor {
    return this.currentTransaction.getStore() ?? this.kysely;
  }

  /**
   * The rows of the query `build` makes, built and compiled only on the first run for `key`: building and
   * compiling a Kysely query takes longer than SQLite takes to run a small one, so a hot query whose SQL text
   * `key` fixes (a page's sort order) pays for it once. `build` names what changes from run to run with
   * `param('name')`, and `values` gives it for this run, bound as a parameter. Runs on the current transaction,
   * if there is one. On SQLite a read that finds the one connection free runs at once, without the awaits of
   * Kysely's connection lock: with request tracing on, each await of a request costs more than the read.
   */
  async cachedQuery<Row>(
    key: string,
    build: (db: Kysely<DatabaseSchema>) => Compilable<Row>,
    values: Readonly<Record<string, unknown>>,
  ): Promise<Row[]> {
    const compiled = this.compiledQueries.getOrCreate(key, () => build(this.kysely).compile()) as CompiledQuery<Row>;
    const query = bindParameters(compiled, values);
    return this.immediateReads?.readIfIdle(query) ?? (await this.executor().executeQuery(query)).rows;
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

  /** Applies the migrations not applied yet (`migrations/`); returns their names. */
  migrateToLatest(): Promise<string[]> {
    return this.onPrimary(() => migrateToLatest(this.schemaless));
  }

  /** Undoes the most recent migration; returns its name. */
  migrateDown(): Promise<string[]> {
    return this.onPrimary(() => migrateDown(this.schemaless));
  }

  migrationStatus(): Promise<MigrationStatus[]> {
    return this.onPrimary(() => migrationStatus(this.schemaless));
  }

  /** Migrations see the schema of their own time, not today's `DatabaseSchema`. */
  private get schemaless(): Kysely<unknown> {
    return this.kysely as unknown as Kysely<unknown>;
  }

  /** Answers once the primary (the database writes go to) runs a query. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.kysely);
  }

  /** Whether each replica reads go to answers; none without read-write splitting. */
  replicaHealth(): Promise<ReplicaHealth[]> {
    return this.options.replicaHealth?.() ?? Promise.resolve([]);
  }

  close(): Promise<void> {
    return this.kysely.destroy();
  }
}
