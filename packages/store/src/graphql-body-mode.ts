import { AppError } from '@client/core';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';

/** The CHECK on endpoints.body_mode, up to its list's closing parenthesis. */
const BODY_MODE_CHECK = /(body_mode TEXT NOT NULL CHECK \(body_mode IN \([^)]*)\)/;

/**
 * Lets endpoints.body_mode hold 'graphql'. SQLite cannot alter a CHECK, so the table is rebuilt from its own
 * current definition (whatever columns earlier steps added), the list widened, and its indexes and triggers made
 * again, as SQLite's documented procedure for other kinds of table change does.
 */
export function allowGraphqlBodies(db: SqliteDatabase): void {
  const definition = db
    .prepare<string>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'endpoints'")
    .pluck()
    .get();
  const widened = definition?.replace(BODY_MODE_CHECK, "$1, 'graphql')");
  if (definition === undefined || widened === undefined || widened === definition) {
    throw new AppError('INTERNAL', 'the endpoints table does not have the body_mode check this upgrade widens');
  }
  // Indexes and triggers of the table go with it; a trigger of another table that names it would stop the rename.
  const dependents = db
    .prepare<{ type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND (tbl_name = 'endpoints' AND type = 'index'
         OR type = 'trigger' AND (tbl_name = 'endpoints' OR sql LIKE '%endpoints%'))`,
    )
    .all();
  for (const { type, name } of dependents) {
    if (type === 'trigger') db.exec(`DROP TRIGGER "${name}"`);
  }
  db.exec(widened.replace(/^CREATE TABLE "?endpoints"?/, 'CREATE TABLE endpoints_widened'));
  db.exec('INSERT INTO endpoints_widened SELECT * FROM endpoints');
  db.exec('DROP TABLE endpoints');
  db.exec('ALTER TABLE endpoints_widened RENAME TO endpoints');
  for (const { sql } of dependents) db.exec(sql);
}
