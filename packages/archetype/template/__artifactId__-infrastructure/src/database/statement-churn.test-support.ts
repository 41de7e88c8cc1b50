// Run by statement-churn.test.ts in a process of its own, with the image's V8 flags: queries of ever new SQL text
// through the statement cache, which drops statements by the thousand; V8 collects them while the process runs
// and as it exits.
import { createRequire } from 'node:module';

import { type SqliteStatementSource, withStatementCache } from './statement-cache.js';

const STATEMENTS = 5_000;
const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (filename: string) => SqliteStatementSource;
const database = withStatementCache(new Sqlite(':memory:'), 100);
database.prepare('create table churn (id integer primary key, label text)').run([]);
database.prepare("insert into churn (label) values ('a')").run([]);
let rows = 0;
for (let i = 0; i < STATEMENTS; i++) {
  rows += database.prepare(`select label from churn where id = 1 and ${i} = ${i}`).all().length;
}
console.log(`churned ${STATEMENTS} statements, read ${rows} rows`);
