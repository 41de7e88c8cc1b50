import { closeSync, constants, openSync } from 'node:fs';
import { symlinkInDataDir } from '@client/core';
import { openDatabase } from './sqlite/open-database.js';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';

/** How long a connection waits for another process's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

const DATABASE_FILE_MODE = 0o600;
/** Windows has no O_NOFOLLOW. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Creates the database file readable by its owner only, before SQLite does: the database holds
 * encrypted secrets and request history, and SQLite gives the `-wal`/`-shm` files the same mode. A symbolic
 * link there is refused rather than followed (SQLite would follow it, and create a missing target).
 */
function createPrivateFile(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | NO_FOLLOW, DATABASE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkInDataDir(path);
    throw error;
  }
  closeSync(fd);
}

/**
 * Switches the file to WAL, once: a file already in WAL needs no lock. Switching takes the file for itself, and
 * SQLite answers SQLITE_BUSY at once rather than waiting when others opened the new file at the same moment
 * (the app and `client project create`, say), so the switch is tried again for as long as a write would wait.
 */
function useWal(db: SqliteDatabase): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/**
 * Opens one connection with the settings every connection to the database needs:
 * - WAL, so the app, the `client project` CLI and readers never block each other's reads;
 * - `synchronous = NORMAL`: in WAL mode a commit is in the WAL file (the OS's cache) before it returns,
 *   so every committed transaction, and every import acknowledged to an agent, survives the app being
 *   killed or crashing; the WAL is synced at checkpoints. Only an OS crash or power loss can lose the
 *   last commits (never corrupt the file). FULL would sync each commit, which took a third of an import's
 *   time and capped imports near 1,500/s (bench/README.md);
 * - `foreign_keys = ON`, which SQLite leaves off per connection, so cascades and references hold;
 * - a busy timeout, so a write waiting for another process's write lock retries instead of failing.
 */
export function openConnection(path: string): SqliteDatabase {
  if (path !== ':memory:') createPrivateFile(path);
  const db = openDatabase(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    useWal(db);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
