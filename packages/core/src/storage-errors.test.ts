import { describe, expect, it } from 'vitest';
import { storageErrorOf } from './storage-errors.js';

const systemError = (code: string, path?: string) => Object.assign(new Error(code), { code, path });

describe('storageErrorOf', () => {
  it.each([
    ['ENOSPC', 'STORAGE_FULL', /the disk holding \/d\/client\.db is full/],
    ['EDQUOT', 'STORAGE_FULL', /is full/],
    ['EACCES', 'STORAGE_READ_ONLY', /\/d\/client\.db cannot be written by this account .* chown and chmod u\+rw/],
    ['EPERM', 'STORAGE_READ_ONLY', /cannot be written by this account/],
    ['EROFS', 'STORAGE_READ_ONLY', /is on a read-only file system/],
  ])('reads %s on a file as %s, naming the file', (code, expected, message) => {
    const mapped = storageErrorOf(systemError(code, '/d/client.db'));
    expect(mapped?.code).toBe(expected);
    expect(mapped?.status).toBe(507);
    expect(mapped?.message).toMatch(message);
  });

  it.each([
    ['SQLITE_FULL', 'STORAGE_FULL'],
    ['SQLITE_READONLY', 'STORAGE_READ_ONLY'],
    ['SQLITE_READONLY_DBMOVED', 'STORAGE_READ_ONLY'],
    ['SQLITE_CANTOPEN', 'STORAGE_READ_ONLY'],
  ])('reads SQLite %s as %s, naming the database', (code, expected) => {
    const mapped = storageErrorOf(systemError(code));
    expect(mapped?.code).toBe(expected);
    expect(mapped?.message).toContain('the database in the data dir');
  });

  it('leaves anything else alone', () => {
    expect(storageErrorOf(systemError('ECONNRESET'))).toBeNull();
    expect(storageErrorOf(new Error('boom'))).toBeNull();
    expect(storageErrorOf('ENOSPC')).toBeNull();
    expect(storageErrorOf(null)).toBeNull();
  });
});
