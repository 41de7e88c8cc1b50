import { readFile } from 'node:fs/promises';

import { Database } from './database.js';

const SCHEMA = new URL('../../../__artifactId__-start/config/schema.sql', import.meta.url);

/** A fresh in-memory SQLite database with the sample schema and rows, as the service starts by default. */
export async function openSampleDatabase(): Promise<Database> {
  const database = await Database.connect({
    driver: 'better-sqlite3',
    url: ':memory:',
    username: '',
    password: '',
    maximumPoolSize: 1,
  });
  await database.runScript(await readFile(SCHEMA, 'utf8'));
  return database;
}
