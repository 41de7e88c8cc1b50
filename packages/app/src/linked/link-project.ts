import { existsSync, mkdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { AppError, filesToTree, PROJECT_FILE, type TreeProblem } from '@client/core';
import type { Store } from '@client/store';
import { readDiskFile } from './folder-files.js';
import { linkedProblems, type PullOptions, pullLinkedFolder, pushLinkedFolder } from './linked-sync.js';

export interface LinkResult {
  projectId: string;
  name: string;
  folder: string;
  /** `read`: the folder already held a project's files, and they were read in (the files win). `written`: the project was written to it. */
  direction: 'read' | 'written';
  problems: TreeProblem[];
}

/** Whether `folder` holds a linked project's files (its project file). */
export function isLinkedFolder(folder: string): boolean {
  return existsSync(join(folder, PROJECT_FILE));
}

function absoluteFolder(folder: string): string {
  const absolute = resolve(folder);
  const stats = statSync(absolute, { throwIfNoEntry: false });
  if (stats !== undefined && !stats.isDirectory()) {
    throw new AppError('VALIDATION', `${absolute} is a file; link a project to a folder`);
  }
  return absolute;
}

/**
 * Links a project to a folder. A folder that already holds a project's files (`client-project.yml`) is read in:
 * the files win, and the project's rows become what they say (secrets kept by name). Any other folder (made when
 * missing) gets the project written to it.
 */
export function linkProject(store: Store, projectId: string, folder: string, options: PullOptions = {}): LinkResult {
  const absolute = absoluteFolder(folder);
  const project = store.projects.get(projectId);
  if (project === undefined)
    throw new AppError('NOT_FOUND', `no project ${projectId}; list them with client project list`);
  const reading = isLinkedFolder(absolute);
  mkdirSync(absolute, { recursive: true });
  store.linkedFolders.link(projectId, absolute);
  if (reading) pullLinkedFolder(store, projectId, { ...options, force: true });
  else pushLinkedFolder(store, projectId);
  return {
    projectId,
    name: store.projects.get(projectId)?.name ?? project.name,
    folder: absolute,
    direction: reading ? 'read' : 'written',
    problems: linkedProblems(store, projectId),
  };
}

/**
 * A linked folder as a project: the one already linked to it, refreshed from its files, or a new one made from them
 * and linked. A folder without a project file is refused.
 */
export function openLinkedFolder(
  store: Store,
  folder: string,
  options: PullOptions = {},
): LinkResult & { created: boolean } {
  const absolute = absoluteFolder(folder);
  if (!isLinkedFolder(absolute)) {
    throw new AppError(
      'VALIDATION',
      `${absolute} holds no ${PROJECT_FILE}; link a project to it first: client project link <project> ${absolute}`,
    );
  }
  const linked = store.linkedFolders.ofFolder(absolute);
  if (linked !== undefined) {
    pullLinkedFolder(store, linked.projectId, options);
    const name = store.projects.get(linked.projectId)?.name ?? '';
    const problems = linkedProblems(store, linked.projectId);
    return { projectId: linked.projectId, name, folder: absolute, direction: 'read', problems, created: false };
  }
  const projectText = readDiskFile(absolute, PROJECT_FILE)?.text ?? '';
  const named = filesToTree(new Map([[PROJECT_FILE, projectText]])).tree.name;
  const created = store.transaction(() => {
    const project = store.projects.create({ name: named === '' ? basename(absolute) : named });
    store.linkedFolders.link(project.id, absolute);
    return project;
  });
  pullLinkedFolder(store, created.id, { ...options, force: true });
  return {
    projectId: created.id,
    name: store.projects.get(created.id)?.name ?? created.name,
    folder: absolute,
    direction: 'read',
    problems: linkedProblems(store, created.id),
    created: true,
  };
}

/** A project no longer kept in its folder: where its files stay. */
export interface UnlinkResult {
  projectId: string;
  name: string;
  folder: string;
}

/**
 * Unlinks a project from its folder: the files stay in the folder as they are, the project stays in the app with
 * what it holds now, and neither follows the other any more.
 */
export function unlinkProject(store: Store, projectId: string): UnlinkResult {
  const project = store.projects.get(projectId);
  if (project === undefined)
    throw new AppError('NOT_FOUND', `no project ${projectId}; list them with client project list`);
  const link = store.linkedFolders.ofProject(projectId);
  if (link === undefined) throw new AppError('NOT_FOUND', `the project ${project.name} is not linked to a folder`);
  store.linkedFolders.unlink(projectId);
  return { projectId, name: project.name, folder: link.folder };
}

/**
 * Reads what changed in a linked project's folder before the project is read (an export, an agent's listing, a
 * send): the folder is the source of truth, also for edits made while nothing ran. A project not linked is left be.
 */
export function refreshLinkedProject(store: Store, projectId: string, options: PullOptions = {}): void {
  if (store.linkedFolders.ofProject(projectId) === undefined) return;
  pullLinkedFolder(store, projectId, options);
}
