import { existsSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, openConnection } from './connection.js';
import { useTempStores } from './store.test-support.js';

const temp = useTempStores();

describe('openConnection', () => {
  it('turns on WAL, foreign keys, synchronous NORMAL and a 5 s busy timeout', () => {
    const db = openConnection(temp.path());
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
      expect(BUSY_TIMEOUT_MS).toBe(5000);
    } finally {
      db.close();
    }
  });

  it('creates the database file readable by its owner only', () => {
    const db = openConnection(temp.path());
    try {
      db.exec('CREATE TABLE t (x)');
      expect(statSync(temp.path()).mode & 0o777).toBe(0o600);
      expect(statSync(`${temp.path()}-wal`).mode & 0o777).toBe(0o600);
    } finally {
      db.close();
    }
  });
});

describe('openConnection on a symbolic link', () => {
  it('refuses it, whether its target exists or not, and creates nothing', () => {
    const target = `${temp.path()}.elsewhere`;
    symlinkSync(target, temp.path());
    expect(() => openConnection(temp.path())).toThrow(/is a symbolic link, and the app never follows links/);
    expect(existsSync(target)).toBe(false);

    writeFileSync(target, '');
    expect(() => openConnection(temp.path())).toThrow(/is a symbolic link/);
    expect(statSync(target).size).toBe(0);
  });
});
