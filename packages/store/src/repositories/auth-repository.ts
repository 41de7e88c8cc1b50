import type { AuthLevel, EndpointAuth } from '@client/core';
import { readAuth } from '../endpoint-fields.js';
import { invalid } from '../field-validation.js';
import { now } from '../ids.js';
import { notFound, requireFolderOf } from '../not-found.js';
import type { StoreContext } from '../store-context.js';

interface LevelRow {
  kind: 'folder' | 'project';
  id: string;
  name: string;
  auth: string;
}

/** The auth a project or a folder sets once for the endpoints under it that inherit it. */
export class AuthRepository {
  constructor(private readonly context: StoreContext) {}

  /** The project's own auth (`none` unless set). Throws NOT_FOUND. */
  ofProject(projectId: string): EndpointAuth {
    const row = this.context.statement<{ auth: string }>('SELECT auth FROM projects WHERE id = ?').get(projectId);
    if (row === undefined) throw notFound('project', projectId);
    return JSON.parse(row.auth) as EndpointAuth;
  }

  /** Sets the project's auth; a project is the top of the tree, so it cannot inherit. Throws NOT_FOUND. */
  setProject(projectId: string, value: unknown): EndpointAuth {
    const auth = readAuth(value);
    if (auth.type === 'inherit') throw invalid('a project has nothing to inherit an auth from; choose none or an auth');
    const { changes } = this.context
      .statement('UPDATE projects SET auth = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(auth), now(), projectId);
    if (changes === 0) throw notFound('project', projectId);
    return auth;
  }

  /** The folder's own auth (`inherit` unless set). Throws NOT_FOUND. */
  ofFolder(folderId: string): EndpointAuth {
    const row = this.context.statement<{ auth: string }>('SELECT auth FROM folders WHERE id = ?').get(folderId);
    if (row === undefined) throw notFound('folder', folderId);
    return JSON.parse(row.auth) as EndpointAuth;
  }

  setFolder(folderId: string, value: unknown): EndpointAuth {
    const auth = readAuth(value);
    const { changes } = this.context
      .statement('UPDATE folders SET auth = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(auth), now(), folderId);
    if (changes === 0) throw notFound('folder', folderId);
    return auth;
  }

  /**
   * What an endpoint in `folderId` (null: the project root) inherits from, nearest first: its folder, each folder
   * above it, then the project. Throws NOT_FOUND for an unknown project or a folder of another project.
   */
  levels(projectId: string, folderId: string | null): AuthLevel[] {
    return this.context.read(() => {
      if (folderId !== null) requireFolderOf(this.context, projectId, folderId);
      const rows = this.context
        .statement<LevelRow>(
          `WITH RECURSIVE chain (id, depth) AS (
             SELECT ?, 0
             UNION ALL
             SELECT folders.parent_id, chain.depth + 1 FROM folders JOIN chain ON folders.id = chain.id
             WHERE folders.parent_id IS NOT NULL
           )
           SELECT kind, id, name, auth FROM (
             SELECT 'folder' AS kind, folders.id, folders.name, folders.auth, chain.depth FROM chain
               JOIN folders ON folders.id = chain.id
             UNION ALL
             SELECT 'project', id, name, auth, -1 FROM projects WHERE id = ?
           )
           ORDER BY depth < 0, depth`,
        )
        .all(folderId, projectId);
      if (rows.at(-1)?.kind !== 'project') throw notFound('project', projectId);
      return rows.map((row) => ({
        source: { kind: row.kind, id: row.id, name: row.name },
        auth: JSON.parse(row.auth),
      }));
    });
  }
}
