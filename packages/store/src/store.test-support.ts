import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PlannedEndpoint, planEndpoint } from '@client/core';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase } from './sqlite/open-database.js';
import { openStore, type Store, type StoreOptions } from './store.js';

export interface TempStores {
  /** A database path in this test's own temporary directory. */
  path(name?: string): string;
  /** Opens (and closes after the test) a store on a real file in the temporary directory. */
  open(name?: string, options?: StoreOptions): Store;
}

/** Gives each test a fresh temporary directory for real database files, removed afterwards. */
export function useTempStores(): TempStores {
  let dir = '';
  const opened: Store[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-store-'));
  });
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const path = (name = 'client.db') => join(dir, name);
  return {
    path,
    open(name, options) {
      const store = openStore(path(name), options);
      opened.push(store);
      return store;
    },
  };
}

const TABLES = [
  'projects',
  'project_variables',
  'folders',
  'endpoints',
  'environments',
  'environment_variables',
  'active_environments',
  'history',
] as const;
export type RowCounts = Record<(typeof TABLES)[number], number>;

/** Counts the rows of every table through a separate connection, as another process would see them. */
export function countRows(path: string): RowCounts {
  const db = openDatabase(path, { readonly: true });
  try {
    const counts = {} as RowCounts;
    for (const table of TABLES) {
      counts[table] = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    }
    return counts;
  } finally {
    db.close();
  }
}

/** What `planEndpoint` makes of `curl <url>` (the parser's part is tested in core). */
export function plannedGet(url: string, name?: string): PlannedEndpoint {
  return planEndpoint({ method: 'GET', url, headers: [], body: null, auth: null, warnings: [] }, name);
}
