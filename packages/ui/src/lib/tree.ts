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

// One collator for every comparison: \`localeCompare\` with options builds one per call, which a project of 10,000
// endpoints feels.
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/** Each endpoint's name and path in lower case, made once per endpoint rather than once per search keystroke. */
const searchable = new WeakMap<EndpointSummary, string>();

function matches(endpoint: EndpointSummary, query: string): boolean {
  let text = searchable.get(endpoint);
  if (text === undefined) {
    // A line break joins them, so a query never matches across the end of the name and the start of the path.
    text = `${endpoint.name}\n${endpoint.path}`.toLowerCase();
    searchable.set(endpoint, text);
  }
  return text.includes(query);
}

/**
 * Builds the sidebar tree, sorted by name. With a search query, only endpoints whose name or path
 * contains it are kept, with the folders on their way (a folder whose own name matches keeps all).
 */
export function buildTree(folders: readonly Folder[], endpoints: readonly EndpointSummary[], query = ''): TreeRoot {
  return filterTree(sortedTree(folders, endpoints), query);
}

/** The whole tree, sorted by name: built once per change of the project, then filtered per search keystroke. */
export function sortedTree(folders: readonly Folder[], endpoints: readonly EndpointSummary[]): TreeRoot {
  const known = new Set(folders.map((folder) => folder.id));
  // A folder or endpoint whose folder is gone is shown at the root rather than lost.
  const parentOf = (folderId: string | null) => (folderId !== null && known.has(folderId) ? folderId : null);
  const childFolders = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    const parent = parentOf(folder.parentId);
    const siblings = childFolders.get(parent);
    if (siblings === undefined) childFolders.set(parent, [folder]);
    else siblings.push(folder);
  }
  const childEndpoints = new Map<string | null, EndpointSummary[]>();
  for (const endpoint of endpoints) {
    const parent = parentOf(endpoint.folderId);
    const siblings = childEndpoints.get(parent);
    if (siblings === undefined) childEndpoints.set(parent, [endpoint]);
    else siblings.push(endpoint);
  }
  const build = (parentId: string | null): TreeRoot => ({
    folders: (childFolders.get(parentId) ?? []).sort(byName).map((folder) => ({ folder, ...build(folder.id) })),
    endpoints: (childEndpoints.get(parentId) ?? []).sort(byName),
  });
  return build(null);
}

/** The endpoints of a sorted tree that match `query`, with the folders that lead to them (see `buildTree`). */
export function filterTree(root: TreeRoot, query: string): TreeRoot {
  const needle = query.trim().toLowerCase();
  if (needle === '') return root;
  const filter = (node: TreeRoot): TreeRoot => {
    const folders: FolderNode[] = [];
    for (const child of node.folders) {
      if (child.folder.name.toLowerCase().includes(needle)) {
        folders.push(child);
        continue;
      }
      const inner = filter(child);
      if (inner.folders.length > 0 || inner.endpoints.length > 0) folders.push({ folder: child.folder, ...inner });
    }
    return { folders, endpoints: node.endpoints.filter((endpoint) => matches(endpoint, needle)) };
  };
  return filter(root);
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
