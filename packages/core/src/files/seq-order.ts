/*
 * Order is kept as a `seq` number in each file, spaced by gaps. Moving one request then rewrites that one file (it
 * takes a number between its new neighbours), adding one writes only the new file, and two branches that each add
 * a request never conflict over a shared list. An order list in the folder's file would rewrite that file on every
 * add, rename and delete, and conflict whenever two people add requests to one folder.
 */

export const SEQ_GAP = 1000;

/** The indexes of a longest strictly increasing run of the known numbers: those keep their seq. */
function longestIncreasing(seqs: readonly (number | undefined)[]): Set<number> {
  const tails: number[] = [];
  const previous = new Map<number, number>();
  for (const [index, seq] of seqs.entries()) {
    if (seq === undefined) continue;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((seqs[tails[middle] as number] as number) < seq) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous.set(index, tails[low - 1] as number);
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.at(-1); index !== undefined; index = previous.get(index)) kept.add(index);
  return kept;
}

/**
 * The seq of each item in the order given, keeping as many of the items' current seqs (`undefined`: a new item) as
 * the order allows and giving the others numbers between their neighbours; everything is renumbered only when a
 * gap has no room left.
 */
export function assignSeqs(current: readonly (number | undefined)[]): number[] {
  const kept = longestIncreasing(current.map((seq) => (seq !== undefined && Number.isFinite(seq) ? seq : undefined)));
  const result: number[] = [];
  let index = 0;
  while (index < current.length) {
    if (kept.has(index)) {
      result.push(current[index] as number);
      index++;
      continue;
    }
    let end = index;
    while (end < current.length && !kept.has(end)) end++;
    const before = result.at(-1) ?? 0;
    const after = end < current.length ? (current[end] as number) : undefined;
    const filled = fillGap(before, after, end - index);
    if (filled === undefined) return current.map((_, position) => (position + 1) * SEQ_GAP);
    result.push(...filled);
    index = end;
  }
  return result;
}

function fillGap(before: number, after: number | undefined, count: number): number[] | undefined {
  if (after === undefined) return Array.from({ length: count }, (_, offset) => before + (offset + 1) * SEQ_GAP);
  const step = (after - before) / (count + 1);
  const values = Array.from({ length: count }, (_, offset) => Math.round(before + step * (offset + 1)));
  let last = before;
  for (const value of values) {
    if (value <= last || value >= after) return undefined;
    last = value;
  }
  return values;
}
