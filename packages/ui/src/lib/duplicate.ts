import type { Endpoint, Folder } from '@client/core';
import { api } from '../api/client.js';
import { toEditorDraft } from './draft.js';

const copyName = (name: string) => `${name} copy`;

/** A new endpoint with everything the original has, placed (named and filed) by `place`. */
async function copyEndpoint(
  projectId: string,
  endpointId: string,
  place: (original: Endpoint) => { name: string; folderId: string | null },
): Promise<Endpoint> {
  const original = await api.getEndpoint(endpointId);
  return api.createEndpoint(projectId, { ...toEditorDraft(original), ...place(original) });
}

/** Duplicates an endpoint beside the original, as "<name> copy". */
export function duplicateEndpoint(projectId: string, endpointId: string): Promise<Endpoint> {
  return copyEndpoint(projectId, endpointId, ({ name, folderId }) => ({ name: copyName(name), folderId }));
}

/**
 * Duplicates a folder beside the original, as "<name> copy", with a copy of every folder and endpoint in it,
 * in the same order.
 */
export async function duplicateFolder(projectId: string, folderId: string): Promise<Folder> {
  const tree = await api.getTree(projectId);
  const copyInto = async (source: Folder, parentId: string | null, name: string): Promise<Folder> => {
    const folder = await api.createFolder(projectId, { name, parentId });
    for (const endpoint of tree.endpoints.filter((candidate) => candidate.folderId === source.id)) {
      await copyEndpoint(projectId, endpoint.id, ({ name }) => ({ name, folderId: folder.id }));
    }
    for (const child of tree.folders.filter((candidate) => candidate.parentId === source.id)) {
      await copyInto(child, folder.id, child.name);
    }
    return folder;
  };
  const source = tree.folders.find((folder) => folder.id === folderId);
  if (source === undefined) throw new Error('This folder no longer exists; it may have been deleted elsewhere.');
  return copyInto(source, source.parentId, copyName(source.name));
}
