import { AppError } from '@client/core';
import { APPLICATION_ID, type Migration } from './migrations.js';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';

export interface MigrationResult {
  /** Schema version the file had when it was opened; 0 for a new file. */
  from: number;
  to: number;
}

function userVersion(db: SqliteDatabase): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function checkApplicationId(db: SqliteDatabase, path: string): void {
  const id = db.pragma('application_id', { simple: true }) as number;
  if (id !== 0 && id !== APPLICATION_ID) {
    throw new AppError(
      'INTERNAL',
      `${path} is an SQLite database of another program (application_id ${id}); point Client at its own data dir`,
    );
  }
}

function refuseNewer(current: number, latest: number, path: string): void {
  if (current > latest) {
    throw new AppError(
      'INTERNAL',
      `${path} was written by a newer version of Client (schema version ${current}; this version knows up to ${latest}). ` +
        'Update Client, or use another data dir (CLIENT_DATA_DIR) with this version.',
    );
  }
}

/** Refuses to commit an upgrade that left a row referencing one that does not exist. */
function checkForeignKeys(db: SqliteDatabase, path: string): void {
  const broken = db.pragma('foreign_key_check') as { table: string; parent: string }[];
  const first = broken[0];
  if (first !== undefined) {
    throw new AppError(
      'INTERNAL',
      `${path} could not be upgraded: ${broken.length} row(s) of ${first.table} would reference missing ${first.parent} rows; the file was left as it was`,
    );
  }
}

/**
 * Brings the file to the latest schema: every step newer than `PRAGMA user_version` runs, in order, in
 * one `BEGIN IMMEDIATE` transaction, so a failing step leaves the file as it was and two processes opening
 * a new file at once apply each step exactly once. A file already up to date takes no write lock. When a
 * pending step rebuilds tables, foreign keys are off for the upgrade (SQLite ignores that pragma inside a
 * transaction, so it is set before) and every reference is checked before the commit.
 */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[], path: string): MigrationResult {
  checkApplicationId(db, path);
  const latest = migrations.at(-1)?.version ?? 0;
  const seen = userVersion(db);
  refuseNewer(seen, latest, path);
  if (seen === latest) return { from: seen, to: seen };
  const rebuilds = migrations.some((migration) => migration.version > seen && migration.rebuildsTables === true);
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  if (rebuilds) db.pragma('foreign_keys = OFF');
  try {
    return db
      .transaction(() => {
        const current = userVersion(db);
        refuseNewer(current, latest, path);
        let rebuilt = false;
        for (const migration of migrations) {
          if (migration.version <= current) continue;
          db.exec(migration.sql);
          migration.fill?.(db);
          db.pragma(`user_version = ${migration.version}`);
          rebuilt ||= migration.rebuildsTables === true;
        }
        // Another process may have applied the steps while this one waited for the lock: nothing to check then.
        if (rebuilt) checkForeignKeys(db, path);
        return { from: current, to: latest };
      })
      .immediate();
  } finally {
    if (rebuilds) db.pragma(`foreign_keys = ${foreignKeys === 1 ? 'ON' : 'OFF'}`);
  }
}
