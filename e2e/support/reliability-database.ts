import { join } from 'node:path';
import Database from 'better-sqlite3';

/** What the database holds, table by table: equal snapshots mean nothing was written. */
export interface RowCounts {
  projects: number;
  project_variables: number;
  folders: number;
  endpoints: number;
}

function openDatabase(dataDir: string): Database.Database {
  return new Database(join(dataDir, 'client.db'), { fileMustExist: true });
}

/** Counts the rows of the tables an import writes; safe beside a running app (WAL readers never block it). */
export function rowCounts(dataDir: string): RowCounts {
  const db = openDatabase(dataDir);
  try {
    const count = (table: keyof RowCounts) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      projects: count('projects'),
      project_variables: count('project_variables'),
      folders: count('folders'),
      endpoints: count('endpoints'),
    };
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` of the app's database, opened directly (with the app stopped): `['ok']` when intact. */
export function integrityCheck(dataDir: string): string[] {
  const db = openDatabase(dataDir);
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
  } finally {
    db.close();
  }
}

/** The endpoint ids stored for each project name, read directly from the file. */
export function storedEndpointIds(dataDir: string): Map<string, string[]> {
  const db = openDatabase(dataDir);
  try {
    const rows = db
      .prepare('SELECT p.name AS project, e.id AS id FROM endpoints e JOIN projects p ON p.seq = e.project_seq')
      .all() as { project: string; id: string }[];
    const byProject = new Map<string, string[]>();
    for (const row of rows) byProject.set(row.project, [...(byProject.get(row.project) ?? []), row.id]);
    return byProject;
  } finally {
    db.close();
  }
}
