import {
  AppError,
  type ExportResult,
  exportOpenApi,
  exportPostman,
  type ProjectSnapshot,
  snapshotOfFolder,
} from '@client/core';
import type { Store } from '@client/store';

export const EXPORT_FORMATS = ['openapi', 'postman'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The parts of a project an export reads, in one snapshot of the database. */
function projectSnapshot(store: Store, projectId: string): ProjectSnapshot {
  return store.read(() => {
    const project = store.projects.get(projectId);
    if (project === undefined)
      throw new AppError('NOT_FOUND', `no project ${projectId}; list them with client project list`);
    const scripts = store.scripts.ofProject(projectId);
    return {
      name: project.name,
      description: project.description,
      variables: store.variables.list(projectId).map(({ projectId: _p, ...variable }) => variable),
      ...(scripts === undefined ? {} : { scripts }),
      folders: store.folders.list(projectId).map((folder) => {
        const folderScripts = store.scripts.ofFolder(folder.id);
        return folderScripts === undefined ? folder : { ...folder, scripts: folderScripts };
      }),
      endpoints: store.endpoints.list(projectId),
    };
  });
}

/** A project, or one folder of it, as an OpenAPI 3.1 or Postman v2.1 document, and what was left out. */
export function exportProject(store: Store, projectId: string, format: ExportFormat, folderId?: string): ExportResult {
  let chosen = projectSnapshot(store, projectId);
  if (folderId !== undefined) {
    if (!chosen.folders.some((folder) => folder.id === folderId)) {
      throw new AppError('NOT_FOUND', `no folder ${folderId} in this project`);
    }
    chosen = snapshotOfFolder(chosen, folderId);
  }
  return format === 'openapi' ? exportOpenApi(chosen) : exportPostman(chosen);
}

/** The file an export is written to or downloaded as. */
export const exportText = (result: ExportResult): string => `${JSON.stringify(result.document, null, 2)}\n`;
