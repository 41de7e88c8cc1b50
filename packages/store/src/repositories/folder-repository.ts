import type { Folder } from '@client/core';
import { invalid, readName, readText } from '../field-validation.js';
import { newId, now } from '../ids.js';
import { notFound, requireFolderOf, requireProject } from '../not-found.js';
import { FOLDER_COLUMNS, type FolderRow, toFolder } from '../row-mapping.js';
import type { StoreContext } from '../store-context.js';

export interface NewFolder {
  projectId: string;
  /** The folder to create it in; absent or null for the project root. */
  parentId?: string | null;
  name: string;
  /** What the folder holds, as an imported collection describes it. */
  description?: string;
}

/** Nested folders of a project, listed in creation order. Deleting one deletes its subfolders and their endpoints. */
export class FolderRepository {
  constructor(private readonly context: StoreContext) {}

  /** Every folder of the project, flat; `parentId` gives the tree. Throws NOT_FOUND for an unknown project. */
  list(projectId: string): Folder[] {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<FolderRow>(`SELECT ${FOLDER_COLUMNS} FROM folders WHERE project_id = ? ORDER BY created_at, seq`)
        .all(projectId)
        .map(toFolder);
    });
  }

  get(id: string): Folder | undefined {
    const row = this.context.statement<FolderRow>(`SELECT ${FOLDER_COLUMNS} FROM folders WHERE id = ?`).get(id);
    return row === undefined ? undefined : toFolder(row);
  }

  create(input: NewFolder): Folder {
    const name = readName(input.name, 'folder name');
    const description = readText(input.description ?? '', 'folder description');
    const parentId = input.parentId ?? null;
    return this.context.write(() => {
      requireProject(this.context, input.projectId);
      if (parentId !== null) requireFolderOf(this.context, input.projectId, parentId);
      const timestamp = now();
      const folder: Folder = {
        id: newId(),
        projectId: input.projectId,
        parentId,
        name,
        ...(description === '' ? {} : { description }),
        createdAt: timestamp,
        updatedAt: timestamp,
      };
      this.context
        .statement(
          `INSERT INTO folders (id, project_id, parent_id, name, description, created_at, updated_at)
           VALUES (@id, @projectId, @parentId, @name, @description, @createdAt, @updatedAt)`,
        )
        .run({ ...folder, description });
      return folder;
    });
  }

  rename(id: string, name: string): Folder {
    const newName = readName(name, 'folder name');
    return this.context.write(() => {
      const folder = this.require(id);
      const renamed: Folder = { ...folder, name: newName, updatedAt: now() };
      this.context.statement('UPDATE folders SET name = @name, updated_at = @updatedAt WHERE id = @id').run(renamed);
      return renamed;
    });
  }

  /** Replaces what the folder's description says (empty: none). */
  setDescription(id: string, description: string): Folder {
    const text = readText(description, 'folder description');
    return this.context.write(() => {
      const { description: _old, ...folder } = this.require(id);
      const changed: Folder = { ...folder, ...(text === '' ? {} : { description: text }), updatedAt: now() };
      this.context
        .statement('UPDATE folders SET description = ?, updated_at = ? WHERE id = ?')
        .run(text, changed.updatedAt, id);
      return changed;
    });
  }

  /** Moves the folder (with everything in it) under another folder of its project, or to the root with null. */
  move(id: string, parentId: string | null): Folder {
    return this.context.write(() => {
      const folder = this.require(id);
      if (parentId !== null) {
        requireFolderOf(this.context, folder.projectId, parentId);
        if (this.isWithin(parentId, id)) {
          throw invalid(`folder "${folder.name}" cannot be moved into itself or one of its own subfolders`);
        }
      }
      const moved: Folder = { ...folder, parentId, updatedAt: now() };
      this.context
        .statement('UPDATE folders SET parent_id = @parentId, updated_at = @updatedAt WHERE id = @id')
        .run(moved);
      return moved;
    });
  }

  /** Lists the given folders in this order from now on, as `EndpointRepository.reorder` does for endpoints. */
  reorder(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.context.write(() => {
      const placeholders = ids.map(() => '?').join(', ');
      const earliest = this.context
        .statement<string>(`SELECT min(created_at) FROM folders WHERE id IN (${placeholders})`)
        .pluck()
        .get(...ids) as string;
      const start = Date.parse(earliest);
      const update = this.context.statement('UPDATE folders SET created_at = ? WHERE id = ?');
      for (const [position, id] of ids.entries()) update.run(new Date(start + position).toISOString(), id);
    });
  }

  /** Deletes the folder, its subfolders and every endpoint in them. */
  delete(id: string): void {
    const { changes } = this.context.statement('DELETE FROM folders WHERE id = ?').run(id);
    if (changes === 0) throw notFound('folder', id);
  }

  private require(id: string): Folder {
    const folder = this.get(id);
    if (folder === undefined) throw notFound('folder', id);
    return folder;
  }

  /** Whether `folderId` is `ancestorId` or lies somewhere below it. */
  private isWithin(folderId: string, ancestorId: string): boolean {
    const found = this.context
      .statement(
        `WITH RECURSIVE chain (id) AS (
           SELECT ?
           UNION
           SELECT folders.parent_id FROM folders JOIN chain ON folders.id = chain.id
           WHERE folders.parent_id IS NOT NULL
         )
         SELECT 1 FROM chain WHERE id = ?`,
      )
      .get(folderId, ancestorId);
    return found !== undefined;
  }
}
