import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type LimitNode,
  type OffsetNode,
  type QueryCompiler,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
} from 'kysely';

import { type SqliteStatementSource, withStatementCache } from './statement-cache.js';

/**
 * SQLite reads the value bound to a bare `LIMIT ?` or `OFFSET ?` while planning the query, and from then on
 * plans the statement again whenever a value is bound there: a prepared statement would be compiled again on
 * every run, at the cost of a fresh `prepare`. A unary `+` (a no-op on the value) keeps the planner from
 * looking, so the statement is compiled once and reused.
 */
class ReusableLimitQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit +');
    this.visitNode(node.limit);
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append('offset +');
    this.visitNode(node.offset);
  }
}

/**
 * Kysely's SQLite driver, counting who holds its one connection or waits for it. A transaction or a stream
 * holds the connection across awaits, and Kysely's lock makes every other query wait its turn; a query that
 * finds nobody holding or waiting may run at once instead, since better-sqlite3 runs it synchronously.
 */
class CountingSqliteDriver extends SqliteDriver {
  private users = 0;
  private destroyed = false;

  constructor(private readonly database: SqliteStatementSource) {
    super({ database });
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    this.users++;
    try {
      return await super.acquireConnection();
    } catch (error) {
      this.users--;
      throw error;
    }
  }

  override releaseConnection(): Promise<void> {
    this.users--;
    return super.releaseConnection();
  }

  override destroy(): Promise<void> {
    this.destroyed = true;
    return super.destroy();
  }

  /** The rows of a read run at once while the connection is free; undefined when it must wait its turn. */
  readIfIdle<Row>(query: CompiledQuery<Row>): Row[] | undefined {
    if (this.users > 0 || this.destroyed) return undefined;
    const statement = this.database.prepare(query.sql);
    // Bound one by one rather than as an array: better-sqlite3 reads an array argument by a slower path.
    return statement.reader ? (statement.all(...query.parameters) as Row[]) : undefined;
  }
}

/** Reads that may skip Kysely's connection lock when nothing holds it (`Database.cachedQuery`). */
export interface ImmediateReads {
  /** The rows of `query`, run at once if it reads and the connection is free; otherwise undefined. */
  readIfIdle<Row>(query: CompiledQuery<Row>): Row[] | undefined;
}

class StatementReusingSqliteDialect extends SqliteDialect implements ImmediateReads {
  private driver: CountingSqliteDriver | undefined;

  constructor(private readonly database: SqliteStatementSource) {
    super({ database });
  }

  override createQueryCompiler(): QueryCompiler {
    return new ReusableLimitQueryCompiler();
  }

  override createDriver(): Driver {
    this.driver = new CountingSqliteDriver(this.database);
    return this.driver;
  }

  readIfIdle<Row>(query: CompiledQuery<Row>): Row[] | undefined {
    return this.driver?.readIfIdle(query);
  }
}

/** Kysely's SQLite dialect on `database`, preparing each distinct SQL text once (see `withStatementCache`). */
export function createSqliteDialect(database: SqliteStatementSource): SqliteDialect {
  return new StatementReusingSqliteDialect(withStatementCache(database));
}

/** The immediate reads of a dialect that has them: the SQLite one. */
export function immediateReadsOf(dialect: Dialect): ImmediateReads | undefined {
  return dialect instanceof StatementReusingSqliteDialect ? dialect : undefined;
}
