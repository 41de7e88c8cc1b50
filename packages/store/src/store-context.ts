import type { SqliteDatabase, SqliteStatement, SqliteTransaction } from './sqlite/sqlite-database.js';

/**
 * The connection plus its prepared statements, each prepared once: listing 10,000 endpoints, or the
 * control plane listing projects on every call, then costs one step through an already compiled plan.
 */
export class StoreContext {
  private readonly statements = new Map<string, SqliteStatement>();
  /**
   * A driver builds four wrapper functions for every `db.transaction(fn)`; one wrapper that runs the work it is
   * given is built once instead (it still uses a savepoint when a transaction is open).
   */
  private readonly runInTransaction: SqliteTransaction<(work: () => unknown) => unknown>;

  /** Called after each outermost write transaction has committed. */
  private readonly afterCommit: () => void;

  constructor(
    readonly db: SqliteDatabase,
    afterCommit: () => void = () => {},
  ) {
    this.runInTransaction = db.transaction((work: () => unknown) => work());
    this.afterCommit = afterCommit;
  }

  statement<Row = unknown>(sql: string): SqliteStatement<Row> {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as SqliteStatement<Row>;
  }

  /**
   * Runs `work` in a `BEGIN IMMEDIATE` transaction (a savepoint when one is already open). Taking the
   * write lock up front matters in WAL mode: a transaction that reads and then writes would otherwise
   * fail with SQLITE_BUSY when another process commits in between, without waiting for the busy timeout.
   */
  write<T>(work: () => T): T {
    const result = this.runInTransaction.immediate(work) as T;
    if (!this.db.inTransaction) this.afterCommit();
    return result;
  }

  /** Runs several reads in one deferred transaction, so they all see the same snapshot of the database. */
  read<T>(work: () => T): T {
    return this.runInTransaction.deferred(work) as T;
  }
}
