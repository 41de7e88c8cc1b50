import { AppError } from '@client/core';
import { now } from '../ids.js';
import { requireProject } from '../not-found.js';
import type { StoreContext } from '../store-context.js';

/** A project whose requests, folders, environments and settings live in a folder of files. */
export interface LinkedFolder {
  projectId: string;
  /** Absolute. */
  folder: string;
  linkedAt: string;
}

/** What a file of a linked folder holds. */
export type LinkedFileKind = 'project' | 'folder' | 'endpoint' | 'environment' | 'other';

/** A file of a linked folder as the app last read or wrote it. */
export interface LinkedFile {
  /** Relative to the folder, with `/` separators. */
  path: string;
  kind: LinkedFileKind;
  /** The folder, endpoint or environment it holds; null for the project's own file and files not mapped. */
  entityId: string | null;
  /** The entity's name as the file said it; null for the project's file and files not mapped. */
  name: string | null;
  /** SHA-256 (hex) of its bytes. */
  hash: string;
  size: number;
  mtimeMs: number;
  /** Its place among its siblings, as the file says; null when it says none (or is not ordered). */
  seq: number | null;
  /** Why the file could not be read, when it could not; null when it was read. */
  problem: string | null;
  /** 1-based line of the problem, when the parser knew it. */
  problemLine: number | null;
}

interface LinkRow {
  project_id: string;
  folder: string;
  linked_at: string;
}

interface FileRow {
  path: string;
  kind: LinkedFileKind;
  entity_id: string | null;
  name: string | null;
  hash: string;
  size: number;
  mtime_ms: number;
  seq: number | null;
  problem: string | null;
  problem_line: number | null;
}

const toLink = (row: LinkRow): LinkedFolder => ({
  projectId: row.project_id,
  folder: row.folder,
  linkedAt: row.linked_at,
});

/** Which project is linked to which folder, and the index of each linked folder's files. */
const FILE_COLUMNS = 'path, kind, entity_id, name, hash, size, mtime_ms, seq, problem, problem_line';

const fileOfRow = (row: FileRow): LinkedFile => ({
  path: row.path,
  kind: row.kind,
  entityId: row.entity_id,
  name: row.name,
  hash: row.hash,
  size: row.size,
  mtimeMs: row.mtime_ms,
  seq: row.seq,
  problem: row.problem,
  problemLine: row.problem_line,
});

export class LinkedFolderRepository {
  constructor(private readonly context: StoreContext) {}

  list(): LinkedFolder[] {
    return this.context
      .statement<LinkRow>('SELECT project_id, folder, linked_at FROM linked_folders ORDER BY linked_at, folder')
      .all()
      .map(toLink);
  }

  ofProject(projectId: string): LinkedFolder | undefined {
    const row = this.context
      .statement<LinkRow>('SELECT project_id, folder, linked_at FROM linked_folders WHERE project_id = ?')
      .get(projectId);
    return row === undefined ? undefined : toLink(row);
  }

  ofFolder(folder: string): LinkedFolder | undefined {
    const row = this.context
      .statement<LinkRow>('SELECT project_id, folder, linked_at FROM linked_folders WHERE folder = ?')
      .get(folder);
    return row === undefined ? undefined : toLink(row);
  }

  /**
   * Links the project to `folder` (absolute); linking it again to the same folder keeps its index. A folder
   * another project is linked to is refused: two projects writing one folder would overwrite each other.
   */
  link(projectId: string, folder: string): LinkedFolder {
    return this.context.write(() => {
      requireProject(this.context, projectId);
      const holder = this.ofFolder(folder);
      if (holder !== undefined && holder.projectId !== projectId) {
        throw new AppError(
          'VALIDATION',
          `${folder} is already linked to project ${holder.projectId}; open it with client project open, or pick another folder`,
        );
      }
      const current = this.ofProject(projectId);
      if (current?.folder === folder) return current;
      if (current !== undefined) this.unlink(projectId);
      const link: LinkedFolder = { projectId, folder, linkedAt: now() };
      this.context
        .statement('INSERT INTO linked_folders (project_id, folder, linked_at) VALUES (@projectId, @folder, @linkedAt)')
        .run(link);
      return link;
    });
  }

  /** Forgets the link and its index; the files stay where they are. */
  unlink(projectId: string): void {
    this.context.write(() => {
      this.context.statement('DELETE FROM linked_folders WHERE project_id = ?').run(projectId);
    });
  }

  files(projectId: string): LinkedFile[] {
    return this.context
      .statement<FileRow>(`SELECT ${FILE_COLUMNS} FROM linked_files WHERE project_id = ? ORDER BY path`)
      .all(projectId)
      .map(fileOfRow);
  }

  /** Each file's path, size and time alone: what checking the folder for changes compares, read cheaply. */
  fileStats(projectId: string): Pick<LinkedFile, 'path' | 'size' | 'mtimeMs'>[] {
    return this.context
      .statement<{ path: string; size: number; mtime_ms: number }>(
        'SELECT path, size, mtime_ms FROM linked_files WHERE project_id = ?',
      )
      .all(projectId)
      .map((row) => ({ path: row.path, size: row.size, mtimeMs: row.mtime_ms }));
  }

  /** One file of the index, by its path in the folder. */
  file(projectId: string, path: string): LinkedFile | undefined {
    const row = this.context
      .statement<FileRow>(`SELECT ${FILE_COLUMNS} FROM linked_files WHERE project_id = ? AND path = ?`)
      .get(projectId, path);
    return row === undefined ? undefined : fileOfRow(row);
  }

  /** The file holding a folder, endpoint or environment, by the entity's id. */
  fileOfEntity(projectId: string, entityId: string): LinkedFile | undefined {
    const row = this.context
      .statement<FileRow>(`SELECT ${FILE_COLUMNS} FROM linked_files WHERE project_id = ? AND entity_id = ?`)
      .get(projectId, entityId);
    return row === undefined ? undefined : fileOfRow(row);
  }

  /** The files of the index that could not be read, in path order. */
  problemFiles(projectId: string): LinkedFile[] {
    return this.context
      .statement<FileRow>(
        `SELECT ${FILE_COLUMNS} FROM linked_files WHERE project_id = ? AND problem IS NOT NULL ORDER BY path`,
      )
      .all(projectId)
      .map(fileOfRow);
  }

  /** Adds one file to the index or replaces its entry: a single file read or written again. */
  putFile(projectId: string, file: LinkedFile): void {
    this.context.write(() => {
      this.context.statement(PUT_FILE).run(...fileParameters(projectId, file));
    });
  }

  /** Replaces the whole index of the project's folder in one transaction. */
  replaceFiles(projectId: string, files: readonly LinkedFile[]): void {
    this.context.write(() => {
      this.context.statement('DELETE FROM linked_files WHERE project_id = ?').run(projectId);
      const insert = this.context.statement(PUT_FILE);
      for (const file of files) insert.run(...fileParameters(projectId, file));
    });
  }
}

const PUT_FILE = `INSERT OR REPLACE INTO linked_files (project_id, path, kind, entity_id, name, hash, size, mtime_ms, seq,
    problem, problem_line)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function fileParameters(projectId: string, file: LinkedFile): (string | number | null)[] {
  return [
    projectId,
    file.path,
    file.kind,
    file.entityId,
    file.name,
    file.hash,
    file.size,
    file.mtimeMs,
    file.seq,
    file.problem,
    file.problemLine,
  ];
}
