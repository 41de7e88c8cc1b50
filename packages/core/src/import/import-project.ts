import { AppError } from '../errors.js';
import { AGENT_IMPORTS_PROJECT, type Folder, type Project } from '../model.js';

export type ImportProjectChoice = { kind: 'existing'; projectId: string } | { kind: 'create'; name: string };

/**
 * Rule 4 of an import: an explicit project must exist; without one, a single project is used, none means
 * creating `Agent imports`, and several is an error that lists every candidate.
 */
export function chooseImportProject(
  projects: readonly Pick<Project, 'id' | 'name'>[],
  requestedProjectId: string | undefined,
): ImportProjectChoice {
  if (requestedProjectId !== undefined) {
    if (projects.some((project) => project.id === requestedProjectId)) {
      return { kind: 'existing', projectId: requestedProjectId };
    }
    throw new AppError(
      'NOT_FOUND',
      `no project has projectId "${requestedProjectId}"; list projects (GET /agent/projects or list_projects) and pass one of their projectId values`,
    );
  }
  const [only, ...others] = projects;
  if (only === undefined) return { kind: 'create', name: AGENT_IMPORTS_PROJECT };
  if (others.length === 0) return { kind: 'existing', projectId: only.id };
  const candidates = projects.map((project) => `${project.name} (${project.id})`).join(', ');
  throw new AppError(
    'VALIDATION',
    `several projects exist and no projectId was given; pass projectId, one of: ${candidates}`,
  );
}

/** Rule 5 of an import: a given folder must belong to the chosen project. */
export function checkImportFolder(
  folder: Pick<Folder, 'id' | 'projectId'> | undefined,
  folderId: string,
  projectId: string,
): void {
  if (folder === undefined || folder.projectId !== projectId) {
    throw new AppError(
      'NOT_FOUND',
      `project ${projectId} has no folder with folderId "${folderId}"; leave folderId out to import into the project root`,
    );
  }
}
