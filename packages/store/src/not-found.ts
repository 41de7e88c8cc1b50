import { AppError } from '@client/core';
import type { StoreContext } from './store-context.js';

export function notFound(kind: string, id: string): AppError {
  return new AppError(
    'NOT_FOUND',
    `no ${kind} has id "${id}"; it may have been deleted, so reload the list and use an id from it`,
  );
}

/** Throws NOT_FOUND unless the project exists; the listing methods use it so an unknown id is never an empty list. */
export function requireProject(context: StoreContext, projectId: string): void {
  const found = context.statement('SELECT 1 FROM projects WHERE id = ?').get(projectId);
  if (found === undefined) throw notFound('project', projectId);
}

/** Throws NOT_FOUND unless the folder exists and belongs to the project. */
export function requireFolderOf(context: StoreContext, projectId: string, folderId: string): void {
  const folder = context.statement<{ project_id: string }>('SELECT project_id FROM folders WHERE id = ?').get(folderId);
  if (folder?.project_id !== projectId) {
    throw new AppError('NOT_FOUND', `project ${projectId} has no folder with id "${folderId}"`);
  }
}
