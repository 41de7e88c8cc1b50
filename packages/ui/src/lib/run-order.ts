import type { Folder } from '@client/core';
import type { EndpointSummary } from '../api/types.js';
import type { FolderNode, TreeRoot } from './tree.js';

/** A request in the runner's list: run in the list's order when `included`. */
export interface OrderEntry {
  id: string;
  name: string;
  method: string;
  /** The folders it is in, below the folder being run. */
  path: string[];
  included: boolean;
}

function findFolder(nodes: readonly FolderNode[], folderId: string): FolderNode | null {
  for (const node of nodes) {
    if (node.folder.id === folderId) return node;
    const inside = findFolder(node.folders, folderId);
    if (inside !== null) return inside;
  }
  return null;
}

/**
 * The requests a run of the project (null) or of a folder takes, in the order the sidebar draws them (each folder's
 * folders first, then its endpoints): the run's order until the person changes it.
 */
export function requestsInTree(root: TreeRoot, folderId: string | null): OrderEntry[] {
  const start = folderId === null ? root : findFolder(root.folders, folderId);
  if (start === null) return [];
  const entries: OrderEntry[] = [];
  const walk = (node: { folders: FolderNode[]; endpoints: EndpointSummary[] }, path: string[]) => {
    for (const child of node.folders) walk(child, [...path, child.folder.name]);
    for (const endpoint of node.endpoints) {
      entries.push({ id: endpoint.id, name: endpoint.name, method: endpoint.method, path, included: true });
    }
  };
  walk(start, []);
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
 * What a run is told of its order: nothing while the list is the tree's order with every request in (the app runs
 * tree order), else the ids of the included requests as listed.
 */
export function orderOption(entries: readonly OrderEntry[], treeOrder: readonly OrderEntry[]): string[] | undefined {
  const unchanged =
    entries.length === treeOrder.length &&
    entries.every((entry, index) => entry.included && entry.id === treeOrder[index]?.id);
  return unchanged ? undefined : entries.filter((entry) => entry.included).map((entry) => entry.id);
}
