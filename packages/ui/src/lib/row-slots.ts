/** The smallest pool of keys; it doubles when more rows are drawn at once (a very tall window). */
const MIN_POOL = 64;

/** A pool of keys large enough for `drawn` rows and one more, never smaller than `pool` (keys stay put). */
export function poolFor(drawn: number, pool = MIN_POOL): number {
  let size = pool;
  while (size < drawn + 1) size *= 2;
  return size;
}

/**
 * Keys for the drawn rows of a virtual list, by the rows' indexes (ascending: a contiguous range, and perhaps one
 * row kept drawn outside it), that recycle the rows' elements. A row's key is its index modulo the pool, so when a
 * search or a scroll changes which rows are drawn, React updates the elements in place instead of removing some and
 * creating others: a search keystroke in a 10,000-row tree changes every drawn row, and updating them costs about
 * half of making them again. The kept row holds its key wherever it is, so it keeps its element (and the focus) as
 * it scrolls into the range; the one row of the range that would share that key takes a spare one.
 */
export function slotKeys(indexes: readonly number[], kept: number | undefined, pool: number): string[] {
  const keptSlot = kept === undefined ? undefined : kept % pool;
  return indexes.map((index) => (index !== kept && index % pool === keptSlot ? 'slot-spare' : `slot-${index % pool}`));
}
