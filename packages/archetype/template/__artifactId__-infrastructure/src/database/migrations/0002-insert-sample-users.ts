import type { Kysely } from 'kysely';

const SAMPLE_USERS = [
  { name: 'alice', age: 20 },
  { name: 'bob', age: 30 },
];

/** The two users the sample starts with; a real service would start empty and drop this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A migration sees the schema as it was at its time, not today's DatabaseSchema: hence the loose type here.
  // biome-ignore lint/suspicious/noExplicitAny: the schema of a migration's own time is not declared.
  await (db as Kysely<any>).insertInto('sys_user').values(SAMPLE_USERS).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const names = SAMPLE_USERS.map((user) => user.name);
  // biome-ignore lint/suspicious/noExplicitAny: as in up.
  await (db as Kysely<any>).deleteFrom('sys_user').where('name', 'in', names).execute();
}
