import type { Folder } from '@client/core';
import type { EndpointSummary } from '../api/types.js';

export interface FolderNode {
  folder: Folder;
  folders: FolderNode[];
  endpoints: EndpointSummary[];
}

export interface TreeRoot {
  folders: FolderNode[];
  endpoints: EndpointSummary[];
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

function matches(endpoint: EndpointSummary, query: string): boolean {
  return endpoint.name.toLowerCase().includes(query) || endpoint.path.toLowerCase().includes(query);
}

/**
 * Builds the sidebar tree, sorted by name. With a search query, only endpoints whose name or path
 * contains it are kept, with the folders on their way (a folder whose own name matches keeps all).
 */
export function buildTree(folders: readonly Folder[], endpoints: readonly EndpointSummary[], query = ''): TreeRoot {
  const needle = query.trim().toLowerCase();
  const known = new Set(folders.map((folder) => folder.id));
  const childFolders = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    // A folder whose parent is gone is shown at the root rather than lost.
    const parent = folder.parentId !== null && known.has(folder.parentId) ? folder.parentId : null;
    childFolders.set(parent, [...(childFolders.get(parent) ?? []), folder]);
  }
  const childEndpoints = new Map<string | null, EndpointSummary[]>();
  for (const endpoint of endpoints) {
    const parent = endpoint.folderId !== null && known.has(endpoint.folderId) ? endpoint.folderId : null;
    childEndpoints.set(parent, [...(childEndpoints.get(parent) ?? []), endpoint]);
  }

  const build = (parentId: string | null, keepAll: boolean): TreeRoot => {
    const nodes: FolderNode[] = [];
    for (const folder of [...(childFolders.get(parentId) ?? [])].sort(byName)) {
      const folderMatches = keepAll || (needle !== '' && folder.name.toLowerCase().includes(needle));
      const inner = build(folder.id, folderMatches);
      if (needle === '' || folderMatches || inner.folders.length > 0 || inner.endpoints.length > 0) {
        nodes.push({ folder, ...inner });
      }
    }
    const own = [...(childEndpoints.get(parentId) ?? [])].sort(byName);
    return { folders: nodes, endpoints: needle === '' || keepAll ? own : own.filter((e) => matches(e, needle)) };
  };
  return build(null, false);
}

/** The folder and every folder inside it: where a folder cannot be moved to. */
export function folderWithDescendants(folders: readonly Folder[], folderId: string): Set<string> {
  const result = new Set([folderId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      if (folder.parentId !== null && result.has(folder.parentId) && !result.has(folder.id)) {
        result.add(folder.id);
        grew = true;
      }
    }
  }
  return result;
}

/** `Parent / Child` labels for a folder picker, in tree order. */
export function folderPaths(folders: readonly Folder[]): { id: string; label: string }[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const label = (folder: Folder, seen: Set<string>): string => {
    const parent = folder.parentId === null ? undefined : byId.get(folder.parentId);
    if (parent === undefined || seen.has(parent.id)) return folder.name;
    return `${label(parent, new Set([...seen, folder.id]))} / ${folder.name}`;
  };
  return folders
    .map((folder) => ({ id: folder.id, label: label(folder, new Set([folder.id])) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base', numeric: true }));
}

/** The first endpoint the tree shows, depth first as it is drawn (folders before endpoints); null when none. */
export function firstEndpoint(root: { folders: FolderNode[]; endpoints: EndpointSummary[] }): EndpointSummary | null {
  for (const folder of root.folders) {
    const inside = firstEndpoint(folder);
    if (inside !== null) return inside;
  }
  return root.endpoints[0] ?? null;
}
