import type { Folder } from '@client/core';
import type { ProjectTree } from '../api/types.js';

/** A request in the runner's list: run in the list's order when `included`. */
export interface OrderEntry {
  id: string;
  name: string;
  method: string;
  /** The folders it is in, below the folder being run. */
  path: string[];
  included: boolean;
}

/**
 * The requests a run of the project (null) or of a folder takes when told no order, as the app takes them: depth
 * first, each folder's folders before its own endpoints, each in the order they were made (an imported collection's
 * own order; the sidebar shows them by name instead). The tree lists folders and endpoints in that order.
 */
export function requestsInOrder(tree: ProjectTree, folderId: string | null): OrderEntry[] {
  const entries: OrderEntry[] = [];
  const visit = (parentId: string | null, path: string[]) => {
    for (const folder of tree.folders) if (folder.parentId === parentId) visit(folder.id, [...path, folder.name]);
    for (const endpoint of tree.endpoints) {
      if (endpoint.folderId !== parentId) continue;
      entries.push({ id: endpoint.id, name: endpoint.name, method: endpoint.method, path, included: true });
    }
  };
  if (folderId === null || tree.folders.some((folder) => folder.id === folderId)) visit(folderId, []);
  return entries;
}

/** `Orders / Refunds`: a folder's place in the project, for the runner's title. */
export function folderPath(folders: readonly Folder[], folderId: string): string {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const names: string[] = [];
  const seen = new Set<string>();
  let current = byId.get(folderId);
  while (current !== undefined && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return names.join(' / ');
}

/**
 * What a run is told of its order: nothing while the list is the default order with every request in (the app takes
 * that order itself), else the ids of the included requests as listed.
 */
export function orderOption(entries: readonly OrderEntry[], defaults: readonly OrderEntry[]): string[] | undefined {
  const unchanged =
    entries.length === defaults.length &&
    entries.every((entry, index) => entry.included && entry.id === defaults[index]?.id);
  return unchanged ? undefined : entries.filter((entry) => entry.included).map((entry) => entry.id);
}
