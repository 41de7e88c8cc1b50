import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { type NodeSqliteModule, openNodeSqlite } from './node-sqlite-database.js';
import type { SqliteDatabase, SqliteOpenOptions } from './sqlite-database.js';

/**
 * Node's own SQLite when it has the parts the store uses (Node 22.16 and 24: rows as arrays, transactions seen,
 * unknown named parameters allowed): what the release runs on, with no native module to build for each platform.
 * Undefined on Node 20, where better-sqlite3 is used.
 */
function nodeSqlite(): NodeSqliteModule | undefined {
  const sqlite = process.getBuiltinModule('node:sqlite') as NodeSqliteModule | undefined;
  const statement = sqlite?.StatementSync.prototype;
  return statement?.setReturnArrays !== undefined && statement.setAllowUnknownNamedParameters !== undefined
    ? sqlite
    : undefined;
}

/**
 * The driver this process opens databases with: `node:sqlite`, or the path better-sqlite3 loads from (which a
 * worker thread loads too, to open the same database with the same driver).
 */
export function sqliteDriver(): 'node:sqlite' | { betterSqlite3: string } {
  if (nodeSqlite() !== undefined) return 'node:sqlite';
  return { betterSqlite3: createRequire(import.meta.url).resolve('better-sqlite3') };
}

/** Opens (creating when missing) the database at `path` with this process's driver (`sqliteDriver`). */
export function openDatabase(path: string, options: SqliteOpenOptions = {}): SqliteDatabase {
  const sqlite = nodeSqlite();
  if (sqlite !== undefined) return openNodeSqlite(sqlite, path, options);
  // Loaded only here: the release carries no better-sqlite3, and its bundle must not try to load one.
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  // Its API is the shape SqliteDatabase was written from; TypeScript cannot match its generic signatures to ours.
  return new Database(path, {
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    readonly: options.readonly ?? false,
  }) as unknown as SqliteDatabase;
}
