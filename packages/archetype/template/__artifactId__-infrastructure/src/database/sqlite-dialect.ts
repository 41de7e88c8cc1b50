import { type LimitNode, type OffsetNode, type QueryCompiler, SqliteDialect, SqliteQueryCompiler } from 'kysely';

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

class StatementReusingSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new ReusableLimitQueryCompiler();
  }
}

/** Kysely's SQLite dialect on `database`, preparing each distinct SQL text once (see `withStatementCache`). */
export function createSqliteDialect(database: SqliteStatementSource): SqliteDialect {
  return new StatementReusingSqliteDialect({ database: withStatementCache(database) });
}
