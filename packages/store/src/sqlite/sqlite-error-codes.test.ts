import { describe, expect, it } from 'vitest';
import { sqliteCodeName } from './sqlite-error-codes.js';

describe('sqliteCodeName', () => {
  it('names primary and extended result codes as sqlite3.h does, and as better-sqlite3 puts them in `code`', () => {
    expect([5, 13, 14, 8, 1555, 2067, 787, 261, 517, 1032, 516, 3850, 101].map((code) => sqliteCodeName(code))).toEqual(
      [
        'SQLITE_BUSY',
        'SQLITE_FULL',
        'SQLITE_CANTOPEN',
        'SQLITE_READONLY',
        'SQLITE_CONSTRAINT_PRIMARYKEY',
        'SQLITE_CONSTRAINT_UNIQUE',
        'SQLITE_CONSTRAINT_FOREIGNKEY',
        'SQLITE_BUSY_RECOVERY',
        'SQLITE_BUSY_SNAPSHOT',
        'SQLITE_READONLY_DBMOVED',
        'SQLITE_ABORT_ROLLBACK',
        'SQLITE_IOERR_LOCK',
        'SQLITE_DONE',
      ],
    );
  });

  it('falls back to the primary code of an extended code it does not know, and says when it knows neither', () => {
    expect(sqliteCodeName(13 | (40 << 8))).toBe('SQLITE_FULL');
    expect(sqliteCodeName(99)).toBe('SQLITE_UNKNOWN_99');
  });
});
