import { basename, resolve } from 'node:path';
import { AppError, filesToTree, type TreeProblem } from '@client/core';
import { applyProjectTree, type Store } from '@client/store';
import { listFolderFiles, readDiskFile } from './folder-files.js';
import { isLinkedFolder } from './link-project.js';
import type { PullOptions } from './linked-sync.js';

export interface FolderProject {
  projectId: string;
  name: string;
  counts: { folders: number; endpoints: number; environments: number };
  problems: TreeProblem[];
}

/**
 * A new project, not linked, made from a linked folder's files as they are now: `client import <folder>` and the
 * throwaway database `client run <folder>` runs. Files that do not parse are listed and left out.
 */
export function projectFromFolder(
  store: Store,
  folder: string,
  options: Pick<PullOptions, 'sealSecret'> = {},
): FolderProject {
  const absolute = resolve(folder);
  if (!isLinkedFolder(absolute)) {
    throw new AppError('VALIDATION', `${absolute} is not a linked project's folder (it holds no client-project.yml)`);
  }
  const files = new Map(
    listFolderFiles(absolute).flatMap((file) => {
      const read = readDiskFile(absolute, file.path);
      return read === undefined ? [] : [[file.path, read.text] as const];
    }),
  );
  const { tree, problems } = filesToTree(files);
  if (tree.name === '') tree.name = basename(absolute);
  return store.transaction(() => {
    const project = store.projects.create({ name: tree.name });
    const applied = applyProjectTree(store, project.id, tree, options);
    for (const { index, message } of applied.refused) {
      problems.push({
        file: tree.endpoints[index]?.place?.path ?? tree.endpoints[index]?.endpoint.name ?? '',
        message,
      });
    }
    return {
      projectId: project.id,
      name: tree.name,
      counts: {
        folders: tree.folders.length,
        endpoints: tree.endpoints.length - applied.refused.length,
        environments: tree.environments.length,
      },
      problems,
    };
  });
}
