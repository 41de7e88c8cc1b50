/** SQLite's result codes by number (sqlite3.h), primary and extended: what `code` says on a driver's error. */
const PRIMARY_CODES = [
  'SQLITE_OK',
  'SQLITE_ERROR',
  'SQLITE_INTERNAL',
  'SQLITE_PERM',
  'SQLITE_ABORT',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_NOMEM',
  'SQLITE_READONLY',
  'SQLITE_INTERRUPT',
  'SQLITE_IOERR',
  'SQLITE_CORRUPT',
  'SQLITE_NOTFOUND',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
  'SQLITE_EMPTY',
  'SQLITE_SCHEMA',
  'SQLITE_TOOBIG',
  'SQLITE_CONSTRAINT',
  'SQLITE_MISMATCH',
  'SQLITE_MISUSE',
  'SQLITE_NOLFS',
  'SQLITE_AUTH',
  'SQLITE_FORMAT',
  'SQLITE_RANGE',
  'SQLITE_NOTADB',
  'SQLITE_NOTICE',
  'SQLITE_WARNING',
] as const;

/** Extended codes: `primary | (n << 8)`, each with its name's suffix (null: no code of that number). */
const EXTENDED_CODES: Record<string, readonly (string | null)[]> = {
  SQLITE_ERROR: ['MISSING_COLLSEQ', 'RETRY', 'SNAPSHOT', 'RESERVESIZE', 'KEY', 'UNABLE'],
  SQLITE_ABORT: [null, 'ROLLBACK'],
  SQLITE_BUSY: ['RECOVERY', 'SNAPSHOT', 'TIMEOUT'],
  SQLITE_LOCKED: ['SHAREDCACHE', 'VTAB'],
  SQLITE_READONLY: ['RECOVERY', 'CANTLOCK', 'ROLLBACK', 'DBMOVED', 'CANTINIT', 'DIRECTORY'],
  SQLITE_IOERR: [
    'READ',
    'SHORT_READ',
    'WRITE',
    'FSYNC',
    'DIR_FSYNC',
    'TRUNCATE',
    'FSTAT',
    'UNLOCK',
    'RDLOCK',
    'DELETE',
    'BLOCKED',
    'NOMEM',
    'ACCESS',
    'CHECKRESERVEDLOCK',
    'LOCK',
    'CLOSE',
    'DIR_CLOSE',
    'SHMOPEN',
    'SHMSIZE',
    'SHMLOCK',
    'SHMMAP',
    'SEEK',
    'DELETE_NOENT',
    'MMAP',
    'GETTEMPPATH',
    'CONVPATH',
    'VNODE',
    'AUTH',
    'BEGIN_ATOMIC',
    'COMMIT_ATOMIC',
    'ROLLBACK_ATOMIC',
    'DATA',
    'CORRUPTFS',
    'IN_PAGE',
  ],
  SQLITE_CORRUPT: ['VTAB', 'SEQUENCE', 'INDEX'],
  SQLITE_CANTOPEN: ['NOTEMPDIR', 'ISDIR', 'FULLPATH', 'CONVPATH', 'DIRTYWAL', 'SYMLINK'],
  SQLITE_CONSTRAINT: [
    'CHECK',
    'COMMITHOOK',
    'FOREIGNKEY',
    'FUNCTION',
    'NOTNULL',
    'PRIMARYKEY',
    'TRIGGER',
    'UNIQUE',
    'VTAB',
    'ROWID',
    'PINNED',
    'DATATYPE',
  ],
  SQLITE_NOTICE: ['RECOVER_WAL', 'RECOVER_ROLLBACK', 'RBU'],
  SQLITE_WARNING: ['AUTOINDEX'],
  SQLITE_AUTH: ['USER'],
  SQLITE_OK: ['LOAD_PERMANENTLY', 'SYMLINK'],
};

const NAMES = new Map<number, string>();
PRIMARY_CODES.forEach((name, primary) => {
  NAMES.set(primary, name);
  (EXTENDED_CODES[name] ?? []).forEach((suffix, index) => {
    if (suffix !== null) NAMES.set(primary | ((index + 1) << 8), `${name}_${suffix}`);
  });
});
NAMES.set(100, 'SQLITE_ROW');
NAMES.set(101, 'SQLITE_DONE');

/** The name of an extended (or primary) result code, e.g. 1555 → `SQLITE_CONSTRAINT_PRIMARYKEY`. */
export function sqliteCodeName(code: number): string {
  return NAMES.get(code) ?? NAMES.get(code & 0xff) ?? `SQLITE_UNKNOWN_${code}`;
}
