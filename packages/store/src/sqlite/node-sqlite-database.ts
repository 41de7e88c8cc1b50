import type {
  SqliteDatabase,
  SqliteOpenOptions,
  SqliteRunResult,
  SqliteStatement,
  SqliteTransaction,
} from './sqlite-database.js';
import { sqliteCodeName } from './sqlite-error-codes.js';

/** What this adapter uses of `node:sqlite` (Node 22.16 and 24; the checkout's @types/node is Node 20's). */
interface NodeStatementSync {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): SqliteRunResult;
  setReturnArrays(enabled: boolean): void;
  setAllowUnknownNamedParameters(enabled: boolean): void;
}

interface NodeDatabaseSync {
  prepare(sql: string): NodeStatementSync;
  exec(sql: string): void;
  close(): void;
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
}

export interface NodeSqliteModule {
  DatabaseSync: new (path: string, options: { timeout?: number; readOnly?: boolean }) => NodeDatabaseSync;
  StatementSync: { prototype: Partial<NodeStatementSync> };
}

/**
 * node:sqlite's errors say `ERR_SQLITE_ERROR` with the number in `errcode`; the store (and storageErrorOf) reads
 * SQLite's name in `code`, as better-sqlite3 gives it.
 */
function withSqliteCode(error: unknown): unknown {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') {
    Object.defineProperty(error, 'code', { value: sqliteCodeName(errcode), configurable: true, writable: true });
  }
  return error;
}

/** A BLOB comes back as a Uint8Array; the store hands BLOBs on as Buffers, as better-sqlite3 returns them. */
function asBuffer(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

class NodeStatement<Row> implements SqliteStatement<Row> {
  private plucked = false;

  constructor(private readonly statement: NodeStatementSync) {
    // Objects of named parameters are often whole records, with fields the statement does not use.
    statement.setAllowUnknownNamedParameters(true);
  }

  get(...params: unknown[]): Row | undefined {
    let row: unknown;
    try {
      row = this.statement.get(...params);
    } catch (error) {
      throw withSqliteCode(error);
    }
    return (this.plucked && row !== undefined ? asBuffer((row as unknown[])[0]) : row) as Row | undefined;
  }

  all(...params: unknown[]): Row[] {
    let rows: unknown[];
    try {
      rows = this.statement.all(...params);
    } catch (error) {
      throw withSqliteCode(error);
    }
    return (this.plucked ? rows.map((row) => asBuffer((row as unknown[])[0])) : rows) as Row[];
  }

  run(...params: unknown[]): SqliteRunResult {
    try {
      return this.statement.run(...params);
    } catch (error) {
      throw withSqliteCode(error);
    }
  }

  pluck(on = true): this {
    this.plucked = on;
    this.statement.setReturnArrays(on);
    return this;
  }

  raw(on = true): this {
    this.plucked = false;
    this.statement.setReturnArrays(on);
    return this;
  }
}

type Mode = 'deferred' | 'immediate' | 'exclusive';

/** better-sqlite3's transaction functions, on node:sqlite: the same statements, in the same order. */
class NodeSqliteDatabase implements SqliteDatabase {
  private readonly control = new Map<string, NodeStatementSync>();

  constructor(private readonly db: NodeDatabaseSync) {}

  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  get open(): boolean {
    return this.db.isOpen;
  }

  prepare<Row = unknown>(sql: string): SqliteStatement<Row> {
    try {
      return new NodeStatement<Row>(this.db.prepare(sql));
    } catch (error) {
      throw withSqliteCode(error);
    }
  }

  exec(sql: string): void {
    try {
      this.db.exec(sql);
    } catch (error) {
      throw withSqliteCode(error);
    }
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const statement = this.prepare(`PRAGMA ${source}`);
    return options.simple === true ? statement.pluck().get() : statement.all();
  }

  /** Closing a closed connection does nothing, as with better-sqlite3. */
  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /** Transaction control statements, prepared once each. */
  private run(sql: string): void {
    let statement = this.control.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.control.set(sql, statement);
    }
    try {
      statement.run();
    } catch (error) {
      throw withSqliteCode(error);
    }
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): SqliteTransaction<F> {
    const wrap =
      (begin: string) =>
      (...args: Parameters<F>): ReturnType<F> => {
        const nested = this.db.isTransaction;
        this.run(nested ? 'SAVEPOINT "client nested"' : begin);
        try {
          const result = fn(...args) as ReturnType<F>;
          if (result instanceof Promise) throw new TypeError('a transaction function cannot return a promise');
          this.run(nested ? 'RELEASE "client nested"' : 'COMMIT');
          return result;
        } catch (error) {
          // SQLite may have rolled the transaction back itself (SQLITE_FULL, say); then there is nothing to undo.
          if (this.db.isTransaction) {
            if (nested) {
              this.run('ROLLBACK TO "client nested"');
              this.run('RELEASE "client nested"');
            } else {
              this.run('ROLLBACK');
            }
          }
          throw error;
        }
      };
    const modes: Record<Mode, (...args: Parameters<F>) => ReturnType<F>> = {
      deferred: wrap('BEGIN DEFERRED'),
      immediate: wrap('BEGIN IMMEDIATE'),
      exclusive: wrap('BEGIN EXCLUSIVE'),
    };
    return Object.assign(wrap('BEGIN'), modes);
  }
}

/**
 * better-sqlite3's defaults, which the store was written and measured with: a statement waits 5 s for another
 * connection's lock, and a connection caches up to 16 MB of pages (SQLite's own default is 2 MB).
 */
const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_CACHE_SIZE = 'cache_size = -16000';

/** Opens `path` with node:sqlite (`sqlite`, the module). */
export function openNodeSqlite(sqlite: NodeSqliteModule, path: string, options: SqliteOpenOptions): SqliteDatabase {
  let db: NodeDatabaseSync;
  try {
    db = new sqlite.DatabaseSync(path, {
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      readOnly: options.readonly ?? false,
    });
  } catch (error) {
    throw withSqliteCode(error);
  }
  const database = new NodeSqliteDatabase(db);
  database.pragma(DEFAULT_CACHE_SIZE);
  return database;
}
