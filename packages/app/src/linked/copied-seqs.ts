import type { ProjectTree } from '@client/core';
import type { LinkedFile } from '@client/store';

const directoryOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/**
 * A request file new to the folder's index that carries the seq of a sibling the index knows (a file duplicated by
 * hand, seq and all) gives that seq up, so the write-back numbers the copy and leaves the original's text alone:
 * otherwise the tie would be broken by path, and the original could be the one renumbered, a change to a file
 * nobody touched that shows in `git status` and stops a checkout.
 */
export function dropCopiedSeqs(tree: ProjectTree, indexed: ReadonlyMap<string, Pick<LinkedFile, 'seq'>>): void {
  const known = new Set<string>();
  for (const { place } of tree.endpoints) {
    const seq = place?.path === undefined ? undefined : indexed.get(place.path)?.seq;
    if (place?.path !== undefined && seq !== null && seq !== undefined && place.seq === seq)
      known.add(`${directoryOf(place.path)}\u0000${seq}`);
  }
  for (const entry of tree.endpoints) {
    const { place } = entry;
    if (place?.path === undefined || place.seq === undefined || indexed.has(place.path)) continue;
    if (known.has(`${directoryOf(place.path)}\u0000${place.seq}`)) {
      const { seq: _copied, ...rest } = place;
      entry.place = rest;
    }
  }
}
