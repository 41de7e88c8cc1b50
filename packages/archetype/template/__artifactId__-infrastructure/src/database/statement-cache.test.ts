import { createRequire } from 'node:module';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { isDriverInstalled } from './create-dialect.js';
import { type SqliteStatementSource, withStatementCache } from './statement-cache.js';

const installed = isDriverInstalled('better-sqlite3');
if (!installed) console.warn('\n*** statement cache tests skipped: better-sqlite3 is not installed ***\n');

let sqlite: SqliteStatementSource;
/** Every SQL text the real database was asked to prepare, in order. */
let prepared: string[];
let counting: SqliteStatementSource;

beforeEach(() => {
  if (!installed) return;
  const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (filename: string) => SqliteStatementSource;
  sqlite = new Sqlite(':memory:');
  prepared = [];
  counting = {
    prepare: (sql) => {
      prepared.push(sql);
      return sqlite.prepare(sql);
    },
    close: () => sqlite.close(),
  };
  sqlite.prepare('create table item (id integer primary key)').run([]);
  sqlite.prepare('insert into item (id) values (1), (2), (3)').run([]);
});
afterEach(() => counting?.close());

describe.runIf(installed)('withStatementCache', () => {
  it('prepares a SQL text once and hands back the same statement afterwards', () => {
    const database = withStatementCache(counting);
    const first = database.prepare('select id from item where id > ?');
    const second = database.prepare('select id from item where id > ?');
    expect(second).toBe(first);
    expect(second.all([1])).toEqual([{ id: 2 }, { id: 3 }]);
    expect(prepared).toEqual(['select id from item where id > ?']);
  });

  it('keeps the most recently used texts up to its capacity', () => {
    const database = withStatementCache(counting, 2);
    database.prepare('select 1');
    database.prepare('select 2');
    database.prepare('select 1');
    database.prepare('select 3');
    database.prepare('select 1');
    database.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('gives a text whose statement a stream is still reading a fresh statement', () => {
    const database = withStatementCache(counting);
    const streaming = database.prepare('select id from item order by id');
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ id: 1 });
    const meanwhile = database.prepare('select id from item order by id');
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all([])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
    expect(database.prepare('select id from item order by id')).toBe(streaming);
  });
});
