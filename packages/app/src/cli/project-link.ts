import { ensureDataDir } from '@client/local';
import { openStore } from '@client/store';
import {
  type LinkResult,
  linkProject,
  openLinkedFolder,
  type UnlinkResult,
  unlinkProject,
} from '../linked/link-project.js';
import { resolveProject } from './collection-import.js';
import type { CliInstall } from './install-location.js';

/**
 * `client project link <project> <folder>`: through the database directly, beside a running app if there is one
 * (it notices the commit and starts watching the folder).
 */
export async function linkProjectCommand(install: CliInstall, project: string, folder: string): Promise<LinkResult> {
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    return linkProject(store, resolveProject(store, project), folder);
  } finally {
    await store.close();
  }
}

/** `client project open <folder>`: the project linked to the folder, refreshed, or a new one made from its files. */
export async function openFolderCommand(
  install: CliInstall,
  folder: string,
): Promise<LinkResult & { created: boolean }> {
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    return openLinkedFolder(store, folder);
  } finally {
    await store.close();
  }
}

/**
 * `client project unlink <project>`: the files stay in the folder and the project in the app; a running app stops
 * watching the folder when it notices the commit.
 */
export async function unlinkProjectCommand(install: CliInstall, project: string): Promise<UnlinkResult> {
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    return unlinkProject(store, resolveProject(store, project));
  } finally {
    await store.close();
  }
}
