/**
 * The part of a SQLite driver the store uses, in better-sqlite3's shape (what the store was written against).
 * Two drivers provide it (open-database.ts): better-sqlite3 on Node 20, where the checkout develops and tests, and
 * Node's own `node:sqlite` where it exists (the release's Node 24), which needs no native module per platform.
 */

/** What a write reports. */
export interface SqliteRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/**
 * A prepared statement. Parameters are positional values, or one object of named ones (`@name`, `:name` or
 * `$name` in the SQL, the bare name as the key; keys the SQL does not name are ignored) followed by positional ones.
 */
export interface SqliteStatement<Row = unknown> {
  get(...params: unknown[]): Row | undefined;
  all(...params: unknown[]): Row[];
  run(...params: unknown[]): SqliteRunResult;
  /** From now on each row is its first column's value (a BLOB as a Buffer); `raw` goes off. */
  pluck(on?: boolean): this;
  /** From now on each row is an array of its values, in the columns' order; `pluck` goes off. */
  raw(on?: boolean): this;
}

/** `fn` run in a transaction: `BEGIN` (or `BEGIN DEFERRED`, `IMMEDIATE`, `EXCLUSIVE`), a savepoint when nested. */
export interface SqliteTransaction<F extends (...args: never[]) => unknown> {
  (...args: Parameters<F>): ReturnType<F>;
  deferred(...args: Parameters<F>): ReturnType<F>;
  immediate(...args: Parameters<F>): ReturnType<F>;
  exclusive(...args: Parameters<F>): ReturnType<F>;
}

/** One connection. A failed call throws an Error whose `code` is SQLite's name for it, e.g. `SQLITE_BUSY`. */
export interface SqliteDatabase {
  prepare<Row = unknown>(sql: string): SqliteStatement<Row>;
  /** Runs one or more statements that return no rows. */
  exec(sql: string): void;
  /** `PRAGMA <source>`: its rows, or with `simple` the first column of its first row. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<F extends (...args: never[]) => unknown>(fn: F): SqliteTransaction<F>;
  readonly inTransaction: boolean;
  readonly open: boolean;
  close(): void;
}

export interface SqliteOpenOptions {
  /** How long a statement waits for another connection's lock before it fails with SQLITE_BUSY. */
  timeout?: number;
  readonly?: boolean;
}
