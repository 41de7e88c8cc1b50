import type Database from 'better-sqlite3';

/**
 * The connection plus its prepared statements, each prepared once: listing 10,000 endpoints, or the
 * control plane listing projects on every call, then costs one step through an already compiled plan.
 */
export class StoreContext {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  statement<Row = unknown>(sql: string): Database.Statement<unknown[], Row> {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<unknown[], Row>;
  }

  /**
   * Runs `work` in a `BEGIN IMMEDIATE` transaction (a savepoint when one is already open). Taking the
   * write lock up front matters in WAL mode: a transaction that reads and then writes would otherwise
   * fail with SQLITE_BUSY when another process commits in between, without waiting for the busy timeout.
   */
  write<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  /** Runs several reads in one deferred transaction, so they all see the same snapshot of the database. */
  read<T>(work: () => T): T {
    return this.db.transaction(work).deferred();
  }
}
