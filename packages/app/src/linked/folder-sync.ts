import type { Store } from '@client/store';
import type { AppEvents } from '../runtime/app-events.js';
import type { FolderSync } from './link-status.js';
import type { LinkedFolders } from './linked-folders.js';

/** The window's view of the app's linked folders: the sync's own calls, and the store's record of each link. */
export function folderSyncOf(store: Store, linked: LinkedFolders, events: AppEvents): FolderSync {
  return {
    link: (projectId, folder) => {
      linked.link(projectId, folder);
    },
    open: (folder) => linked.open(folder).projectId,
    folderOf: (projectId) => store.linkedFolders.ofProject(projectId)?.folder ?? null,
    problemsOf: (projectId) => linked.problems(projectId),
    refresh: (projectId) => linked.refresh(projectId),
    endpointFiles(projectId) {
      const files = new Map<string, string>();
      for (const file of store.linkedFolders.files(projectId)) {
        if (file.kind === 'endpoint' && file.entityId !== null) files.set(file.path, file.entityId);
      }
      return files;
    },
    onChange: (listener) => events.on('linked-files-changed', listener),
  };
}
