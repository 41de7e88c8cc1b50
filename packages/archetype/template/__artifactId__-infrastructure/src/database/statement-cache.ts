import type { SqliteStatement } from 'kysely';

import { LruCache } from './lru-cache.js';

/** A better-sqlite3 statement, as far as Kysely and the cache use it. */
export interface SqliteCachedStatement extends SqliteStatement {
  /** True while an `iterate()` over it has not finished; it cannot run again until then. */
  readonly busy: boolean;
  /** Also takes the parameters one by one, which better-sqlite3 binds faster than an array of them. */
  all(...parameters: readonly unknown[]): unknown[];
}

/** A better-sqlite3 database, as far as Kysely and the cache use it. */
export interface SqliteStatementSource {
  prepare(sql: string): SqliteCachedStatement;
  close(): void;
}

/** Distinct SQL texts kept prepared; the least recently used one is dropped when another arrives. */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely's SQLite driver calls `prepare` for every query it runs, and compiling the SQL text again each time
 * costs more than running the query. This wrapper hands back the statement prepared before for the same text
 * (SQLite re-prepares it by itself after a schema change), keeping the `capacity` most recently used ones.
 * A statement still being iterated by a stream is busy, so a second use of that text gets a fresh one.
 */
export function withStatementCache(
  database: SqliteStatementSource,
  capacity: number = STATEMENT_CACHE_SIZE,
): SqliteStatementSource {
  const statements = new LruCache<string, SqliteCachedStatement>(capacity);
  return {
    prepare(sql: string): SqliteCachedStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      // A busy statement stays cached: its stream ends soon, and the text keeps its place.
      if (!cached) statements.set(sql, statement);
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
