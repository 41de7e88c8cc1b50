import { AppError } from './errors.js';

interface SystemErrorShape {
  code?: unknown;
  path?: unknown;
}

const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const NOT_WRITABLE = new Set(['EACCES', 'EPERM']);
const READ_ONLY_FILE_SYSTEM = new Set(['EROFS']);

/**
 * What a failed read or write of the data dir means to the person, as one line that names the file and the
 * remedy; null when `error` is not about storage. `where` names the file when the error does not (SQLite's
 * errors carry no path). Node's errors have `code` and `path`; better-sqlite3's have `code` (`SQLITE_…`).
 */
export function storageErrorOf(error: unknown, where = 'the database in the data dir'): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, path } = error as SystemErrorShape;
  if (typeof code !== 'string') return null;
  const file = typeof path === 'string' ? path : where;
  if (FULL.has(code)) {
    return new AppError(
      'STORAGE_FULL',
      `the disk holding ${file} is full, so nothing more can be saved; free some space and try again (everything saved before is kept)`,
      { cause: error },
    );
  }
  if (NOT_WRITABLE.has(code) || code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN') {
    return new AppError(
      'STORAGE_READ_ONLY',
      `${file} cannot be written by this account (it is read-only, or owned by another account); ` +
        'give it back to this account with chown and chmod u+rw, or run with another CLIENT_DATA_DIR',
      { cause: error },
    );
  }
  if (READ_ONLY_FILE_SYSTEM.has(code)) {
    return new AppError(
      'STORAGE_READ_ONLY',
      `${file} is on a read-only file system; remount it read-write, or run with another CLIENT_DATA_DIR`,
      { cause: error },
    );
  }
  return null;
}
