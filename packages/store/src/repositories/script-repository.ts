import { type EndpointScripts, isEmptyScripts, readScripts, type ScriptLevel } from '@client/core';
import { now } from '../ids.js';
import { notFound, requireFolderOf } from '../not-found.js';
import type { StoreContext } from '../store-context.js';

interface LevelRow {
  kind: 'folder' | 'project';
  id: string;
  name: string;
  scripts: string | null;
}

/** Scripts as stored: NULL for none, empty ones included. */
function encode(value: unknown, where: string): string | null {
  if (value === null) return null;
  const scripts = readScripts(value, where);
  return isEmptyScripts(scripts) ? null : JSON.stringify(scripts);
}

const decode = (stored: string | null | undefined): EndpointScripts | undefined =>
  stored === null || stored === undefined ? undefined : (JSON.parse(stored) as EndpointScripts);

/** The scripts a project or a folder runs around every request under it (an endpoint's own are the endpoint's). */
export class ScriptRepository {
  constructor(private readonly context: StoreContext) {}

  /** The project's scripts; undefined when it has none. Throws NOT_FOUND. */
  ofProject(projectId: string): EndpointScripts | undefined {
    const row = this.context
      .statement<{ scripts: string | null }>('SELECT scripts FROM projects WHERE id = ?')
      .get(projectId);
    if (row === undefined) throw notFound('project', projectId);
    return decode(row.scripts);
  }

  /** Sets (null: removes) the project's scripts; scripts of only blanks are none. Throws NOT_FOUND, VALIDATION. */
  setProject(projectId: string, value: unknown): EndpointScripts | undefined {
    const stored = encode(value, 'scripts');
    const { changes } = this.context
      .statement('UPDATE projects SET scripts = ?, updated_at = ? WHERE id = ?')
      .run(stored, now(), projectId);
    if (changes === 0) throw notFound('project', projectId);
    return decode(stored);
  }

  /** The folder's scripts; undefined when it has none. Throws NOT_FOUND. */
  ofFolder(folderId: string): EndpointScripts | undefined {
    const row = this.context
      .statement<{ scripts: string | null }>('SELECT scripts FROM folders WHERE id = ?')
      .get(folderId);
    if (row === undefined) throw notFound('folder', folderId);
    return decode(row.scripts);
  }

  /** Sets (null: removes) the folder's scripts. Throws NOT_FOUND, VALIDATION. */
  setFolder(folderId: string, value: unknown): EndpointScripts | undefined {
    const stored = encode(value, 'scripts');
    const { changes } = this.context
      .statement('UPDATE folders SET scripts = ?, updated_at = ? WHERE id = ?')
      .run(stored, now(), folderId);
    if (changes === 0) throw notFound('folder', folderId);
    return decode(stored);
  }

  /**
   * The scripts an endpoint in `folderId` (null: the project root) runs before its own, in the order they run:
   * the project's, then each folder's from the outermost in; levels without scripts are left out. Throws
   * NOT_FOUND for an unknown project or a folder of another project.
   */
  levels(projectId: string, folderId: string | null): ScriptLevel[] {
    // At the root only the project's own apply: one row, no walk up the folders (every Send asks).
    if (folderId === null) {
      const row = this.context
        .statement<Omit<LevelRow, 'kind'>>('SELECT id, name, scripts FROM projects WHERE id = ?')
        .get(projectId);
      if (row === undefined) throw notFound('project', projectId);
      const scripts = decode(row.scripts);
      return scripts === undefined ? [] : [{ kind: 'project', id: row.id, name: row.name, scripts }];
    }
    return this.context.read(() => {
      requireFolderOf(this.context, projectId, folderId);
      const rows = this.context
        .statement<LevelRow>(
          `WITH RECURSIVE chain (id, depth) AS (
             SELECT ?, 0
             UNION ALL
             SELECT folders.parent_id, chain.depth + 1 FROM folders JOIN chain ON folders.id = chain.id
             WHERE folders.parent_id IS NOT NULL
           )
           SELECT kind, id, name, scripts FROM (
             SELECT 'folder' AS kind, folders.id, folders.name, folders.scripts, chain.depth FROM chain
               JOIN folders ON folders.id = chain.id
             UNION ALL
             SELECT 'project', id, name, scripts, 1e9 FROM projects WHERE id = ?
           )
           ORDER BY depth DESC`,
        )
        .all(folderId, projectId);
      if (rows[0]?.kind !== 'project') throw notFound('project', projectId);
      return rows.flatMap((row) => {
        const scripts = decode(row.scripts);
        return scripts === undefined ? [] : [{ kind: row.kind, id: row.id, name: row.name, scripts }];
      });
    });
  }
}
