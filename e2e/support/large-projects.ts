import { join } from 'node:path';
import { openStore } from '@client/store';
import { createDataDir } from './app-process.js';

export interface ProjectShape {
  name: string;
  endpoints: number;
  /** Folders at the root, each holding an equal share of nine tenths of the endpoints; the rest are at the root. */
  folders: number;
}

/** The name of endpoint `index`: `Item 00042`, zero-padded so that the tree's order is the numbers' order. */
export const itemName = (index: number) => `Item ${String(index).padStart(5, '0')}`;

/**
 * A fresh data dir (removed by `cleanupAppProcesses`) holding these projects, each filled through the store's
 * import path with GETs named `Item 00000`, `Item 00001`, … in that order, in folders `Group 01`, `Group 02`, …
 * then at the root. Answers each project's id by name.
 */
export async function createLargeProjects(
  shapes: readonly ProjectShape[],
): Promise<{ dataDir: string; projectIds: Map<string, string> }> {
  const dataDir = createDataDir();
  const store = openStore(join(dataDir, 'client.db'));
  const projectIds = new Map<string, string>();
  try {
    store.transaction(() => {
      for (const shape of shapes) {
        const project = store.projects.create({ name: shape.name, baseUrl: 'https://api.example.com' });
        projectIds.set(shape.name, project.id);
        const folderIds = Array.from(
          { length: shape.folders },
          (_, index) =>
            store.folders.create({ projectId: project.id, name: `Group ${String(index + 1).padStart(2, '0')}` }).id,
        );
        const inFolders = shape.folders === 0 ? 0 : Math.floor((shape.endpoints * 9) / 10);
        const perFolder = shape.folders === 0 ? 0 : Math.ceil(inFolders / shape.folders);
        for (let index = 0; index < shape.endpoints; index++) {
          const folderId = index < inFolders ? folderIds[Math.floor(index / perFolder)] : undefined;
          store.importCurl({
            command: `curl https://api.example.com/items/${index}`,
            projectId: project.id,
            name: itemName(index),
            ...(folderId === undefined ? {} : { folderId }),
          });
        }
      }
    });
  } finally {
    await store.close();
  }
  return { dataDir, projectIds };
}
