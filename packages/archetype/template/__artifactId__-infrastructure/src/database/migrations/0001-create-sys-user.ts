import type { Kysely } from 'kysely';

import { createTableFor, idColumn } from '../migration-support.js';

/** The `sys_user` table of the sample. A name is at most 64 characters (code points) on every database. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableFor(db, 'sys_user')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('age', 'integer', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_user').execute();
}
