import { readdir } from 'node:fs/promises';

import type { Kysely, Migration, MigrationProvider, MigrationResultSet } from 'kysely';
import { Migrator } from 'kysely';

/**
 * The migrations folder: one file a change, named `NNNN-what-it-does.ts`, exporting `up(db)` and `down(db)`.
 * They run in name order; Kysely records each one applied in the table `kysely_migration`.
 */
export const MIGRATIONS_FOLDER = new URL('./migrations/', import.meta.url);

/** A migration's own file: `.ts` in the sources (tests, `npm run dev`), `.js` once built. */
const MIGRATION_FILE = /^(?<name>[^.].*)\.(?:js|ts)$/;

/**
 * Every migration of the folder. Imported here rather than by Kysely's `FileMigrationProvider`, so the tests
 * and the dev loop, which run the TypeScript sources, load them the way they load every other module.
 */
const folderProvider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of (await readdir(MIGRATIONS_FOLDER)).sort()) {
      const name = MIGRATION_FILE.exec(file)?.groups?.name;
      if (name === undefined || file.endsWith('.d.ts')) continue;
      const migration = (await import(new URL(file, MIGRATIONS_FOLDER).href)) as Partial<Migration>;
      if (typeof migration.up !== 'function') throw new MigrationError(`migrations/${file} exports no up function`);
      migrations[name] = migration as Migration;
    }
    return migrations;
  },
};

/** What `npm run db:migrate` can do: apply every pending migration, undo the last one, or list them. */
export type MigrationCommand = 'latest' | 'down' | 'status';

export interface MigrationStatus {
  readonly name: string;
  readonly executedAt: Date | undefined;
}

function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({ db, provider: folderProvider });
}

/** Migration `name` failed with `cause`; the earlier ones of the same run stay applied. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

function outcome({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed ? `migration ${failed.migrationName} failed: ${reason}` : `migrations failed: ${reason}`,
      { cause: error },
    );
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Applies every migration not applied yet, in name order; returns the names applied now. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  return outcome(await migrator(db).migrateToLatest());
}

/** Undoes the most recent migration; returns its name (none when nothing was applied). */
export async function migrateDown(db: Kysely<unknown>): Promise<string[]> {
  return outcome(await migrator(db).migrateDown());
}

/** Every migration of the folder, with when it was applied (undefined: pending). */
export async function migrationStatus(db: Kysely<unknown>): Promise<MigrationStatus[]> {
  return (await migrator(db).getMigrations()).map((migration) => ({
    name: migration.name,
    executedAt: migration.executedAt,
  }));
}
