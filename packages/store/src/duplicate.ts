import { AppError, type Endpoint, type Folder } from '@client/core';
import type { Store } from './store.js';

const copyName = (name: string): string => `${name} copy`;

function copyEndpoint(store: Store, original: Endpoint, name: string, folderId: string | null): Endpoint {
  const { id, projectId, folderId: _folder, createdAt: _created, updatedAt: _updated, ...draft } = original;
  const copy = store.endpoints.create(projectId, folderId, { ...draft, name });
  // A file the person has not agreed to upload from the original is not agreed to from its copy either.
  store.unconfirmedUploads.add(copy.id, store.unconfirmedUploads.list(id));
  // Nor is an agent's request the person's because they copied it.
  if (store.agentWritten.has(id)) store.agentWritten.mark(copy.id);
  return copy;
}

/**
 * A copy of the endpoint beside it, as "<name> copy", with everything it holds: request, settings, description,
 * scripts and assertion rows. One transaction. Throws NOT_FOUND.
 */
export function duplicateEndpoint(store: Store, endpointId: string): Endpoint {
  return store.transaction(() => {
    const original = store.endpoints.get(endpointId);
    if (original === undefined) {
      throw new AppError('NOT_FOUND', `no endpoint "${endpointId}"; it may have been deleted`);
    }
    return copyEndpoint(store, original, copyName(original.name), original.folderId);
  });
}

/**
 * A copy of the folder beside it, as "<name> copy", with a copy of every folder and endpoint in it in the same
 * order, each folder's auth and scripts included. One transaction. Throws NOT_FOUND.
 */
export function duplicateFolder(store: Store, folderId: string): Folder {
  return store.transaction(() => {
    const source = store.folders.get(folderId);
    if (source === undefined) throw new AppError('NOT_FOUND', `no folder "${folderId}"; it may have been deleted`);
    const folders = store.folders.list(source.projectId);
    const endpoints = store.endpoints.list(source.projectId);
    const copyInto = (original: Folder, parentId: string | null, name: string): Folder => {
      const folder = store.folders.create({
        projectId: original.projectId,
        parentId,
        name,
        ...(original.description === undefined ? {} : { description: original.description }),
      });
      store.auth.setFolder(folder.id, store.auth.ofFolder(original.id));
      store.scripts.setFolder(folder.id, store.scripts.ofFolder(original.id) ?? null);
      for (const endpoint of endpoints.filter((candidate) => candidate.folderId === original.id)) {
        copyEndpoint(store, endpoint, endpoint.name, folder.id);
      }
      for (const child of folders.filter((candidate) => candidate.parentId === original.id)) {
        copyInto(child, folder.id, child.name);
      }
      return folder;
    };
    return copyInto(source, source.parentId, copyName(source.name));
  });
}
