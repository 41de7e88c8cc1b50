import type { EndpointSummary } from '../api/types.js';
import type { FolderNode, TreeRoot } from './tree.js';

/** Where a row sits, as a flat WAI-ARIA tree says it: its level (1 at the root) and place among its siblings. */
interface RowPlace {
  level: number;
  setSize: number;
  posInSet: number;
}

/** One row of the tree as drawn, top to bottom; a closed folder's rows are not there. */
export type TreeRow =
  | (RowPlace & { kind: 'folder'; id: string; node: FolderNode; open: boolean; endpointCount: number })
  | (RowPlace & { kind: 'endpoint'; id: string; endpoint: EndpointSummary })
  /** The line under an open folder that has nothing in it. */
  | { kind: 'empty'; id: string; level: number };

function countEndpoints(node: FolderNode, counts: Map<FolderNode, number>): number {
  let count = node.endpoints.length;
  for (const child of node.folders) count += countEndpoints(child, counts);
  counts.set(node, count);
  return count;
}

/**
 * The rows of the tree in the order they are drawn (folders before endpoints at each level, as `buildTree` sorted
 * them), so that only the rows in sight need to be in the page and the keyboard can still move through all of them.
 */
export function treeRows(root: TreeRoot, isOpen: (folderId: string) => boolean): TreeRow[] {
  const counts = new Map<FolderNode, number>();
  for (const node of root.folders) countEndpoints(node, counts);
  const rows: TreeRow[] = [];
  const walk = (folders: readonly FolderNode[], endpoints: readonly EndpointSummary[], level: number) => {
    const setSize = folders.length + endpoints.length;
    folders.forEach((node, index) => {
      const open = isOpen(node.folder.id);
      const place = { level, setSize, posInSet: index + 1 };
      rows.push({ kind: 'folder', id: node.folder.id, node, open, endpointCount: counts.get(node) ?? 0, ...place });
      if (!open) return;
      if (node.folders.length === 0 && node.endpoints.length === 0) {
        rows.push({ kind: 'empty', id: `${node.folder.id}:empty`, level: level + 1 });
      } else walk(node.folders, node.endpoints, level + 1);
    });
    endpoints.forEach((endpoint, index) => {
      rows.push({ kind: 'endpoint', id: endpoint.id, endpoint, level, setSize, posInSet: folders.length + index + 1 });
    });
  };
  walk(root.folders, root.endpoints, 1);
  return rows;
}

/**
 * The row a key moves the focus to from row `index` (WAI-ARIA tree: Up, Down, Home, End; Right enters an open
 * folder, Left goes to the parent), or null when it stays. The empty-folder line is never a stop.
 */
export function rowAfterKey(key: string, rows: readonly TreeRow[], index: number): number | null {
  const row = rows[index];
  if (row === undefined) return null;
  const stop = (candidate: number) => rows[candidate] !== undefined && rows[candidate]?.kind !== 'empty';
  const step = (from: number, by: 1 | -1) => {
    for (let at = from + by; at >= 0 && at < rows.length; at += by) if (stop(at)) return at;
    return null;
  };
  switch (key) {
    case 'ArrowDown':
      return step(index, 1);
    case 'ArrowUp':
      return step(index, -1);
    case 'Home':
      return step(-1, 1);
    case 'End':
      return step(rows.length, -1);
    case 'ArrowRight': {
      const child = rows[index + 1];
      return row.kind === 'folder' && row.open && child !== undefined && child.kind !== 'empty' ? index + 1 : null;
    }
    case 'ArrowLeft': {
      for (let at = index - 1; at >= 0; at--) if ((rows[at]?.level ?? 0) < row.level) return at;
      return null;
    }
    default:
      return null;
  }
}
