/** The list with one item moved by `offset` places (-1 up, 1 down); a move past either end changes nothing. */
export function moveItem<T>(items: readonly T[], index: number, offset: number): T[] {
  return placeItem(items, index, index + offset);
}

/** The list with the item at `from` taken out and put back at `to` (a drag and drop); out of range changes nothing. */
export function placeItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
