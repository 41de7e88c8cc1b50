import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RootOperationNode,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';

import type { DatabaseSchema } from '../database-schema.js';
import { isRead, mustRunOnPrimary } from './datasource-target.js';

/** Builds queries only; nothing runs. */
const db = new Kysely<DatabaseSchema>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const users = () => db.selectFrom('sys_user').select(['id', 'name']);

function classify(query: RootOperationNode): { read: boolean; primaryOnly: boolean } {
  return { read: isRead(query), primaryOnly: mustRunOnPrimary(query) };
}

describe('which queries are reads', () => {
  it('takes a plain select, with joins, subqueries and read-only common table expressions, for a read', () => {
    expect(classify(users().where('age', '>', 20).orderBy('id').limit(5).toOperationNode())).toEqual({
      read: true,
      primaryOnly: false,
    });
    const withRead = db
      .with('adults', (qb) => qb.selectFrom('sys_user').selectAll().where('age', '>=', 18))
      .selectFrom('adults')
      .selectAll();
    expect(classify(withRead.toOperationNode())).toEqual({ read: true, primaryOnly: false });
  });

  it('takes inserts, updates, deletes and schema changes for writes a replica must never run', () => {
    const writes = [
      db.insertInto('sys_user').values({ name: 'a', age: 1 }).toOperationNode(),
      db.updateTable('sys_user').set({ age: 2 }).where('id', '=', 1).toOperationNode(),
      db.deleteFrom('sys_user').where('id', '=', 1).toOperationNode(),
      db.schema.createTable('t').addColumn('id', 'integer').toOperationNode(),
    ];
    for (const query of writes) expect(classify(query)).toEqual({ read: false, primaryOnly: true });
  });

  it('sends a select that locks rows to the primary', () => {
    for (const locking of [users().forUpdate(), users().forShare(), users().forUpdate().skipLocked()]) {
      expect(classify(locking.toOperationNode())).toEqual({ read: false, primaryOnly: true });
    }
  });

  it('sends a select that writes through a common table expression to the primary', () => {
    const writingCte = db
      .with('created', (qb) => qb.insertInto('sys_user').values({ name: 'a', age: 1 }).returning('id'))
      .selectFrom('created')
      .selectAll();
    expect(classify(writingCte.toOperationNode())).toEqual({ read: false, primaryOnly: true });
  });

  it('sends raw SQL to the primary, yet lets an explicit replica override run it', () => {
    expect(classify(sql`select 1`.toOperationNode())).toEqual({ read: false, primaryOnly: false });
  });
});
