import { BASE_URL_VARIABLE, defaultAllowedHosts } from '@client/core';
import type { SqliteDatabase } from './sqlite/sqlite-database.js';

/**
 * The plain (not secret) `base_url` values of a project: its own and each of its environments'. A secret one is
 * ciphertext here, which names no host.
 */
const PROJECT_BASE_URLS = `
SELECT value FROM project_variables WHERE project_id = @projectId AND key = @key
UNION ALL
SELECT v.value FROM environment_variables AS v JOIN environments AS e ON e.id = v.environment_id
WHERE e.project_id = @projectId AND v.key = @key AND v.secret = 0`;

/** The hosts a project's new secret may go to until the person says otherwise: those of its base URLs. */
export function projectDefaultHosts(db: Pick<SqliteDatabase, 'prepare'>, projectId: string): string[] {
  const values = db.prepare<string>(PROJECT_BASE_URLS).pluck().all({ projectId, key: BASE_URL_VARIABLE });
  return defaultAllowedHosts(values);
}

/**
 * Gives every secret variable that has no allowed hosts yet its project's default: what a database of a version
 * without allowed hosts gets when it is upgraded, so a secret it held goes on reaching the hosts it was sent to.
 */
export function fillSecretsAllowedHosts(db: SqliteDatabase): void {
  const projects = db.prepare<string>('SELECT id FROM projects').pluck().all();
  const fill = db.prepare(
    `UPDATE environment_variables SET allowed_hosts = ?
     WHERE secret = 1 AND allowed_hosts IS NULL
       AND environment_id IN (SELECT id FROM environments WHERE project_id = ?)`,
  );
  for (const projectId of projects) fill.run(JSON.stringify(projectDefaultHosts(db, projectId)), projectId);
}
