import type { KeyboardEvent } from 'react';

/** The rows of the tree as they are shown, top to bottom (the rows of a closed folder are not rendered). */
function rowsOf(tree: HTMLElement): HTMLElement[] {
  return [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
}

const levelOf = (row: HTMLElement) => Number(row.getAttribute('aria-level'));

/** The row a key moves to from `row`, or null when it stays; a folder opens and closes by a click on it. */
function target(key: string, rows: HTMLElement[], index: number): HTMLElement | null {
  const row = rows[index];
  if (row === undefined) return null;
  const expanded = row.getAttribute('aria-expanded');
  switch (key) {
    case 'ArrowDown':
      return rows[index + 1] ?? null;
    case 'ArrowUp':
      return rows[index - 1] ?? null;
    case 'Home':
      return rows[0] ?? null;
    case 'End':
      return rows.at(-1) ?? null;
    case 'ArrowRight': {
      if (expanded === 'false') row.click();
      const child = rows[index + 1];
      return expanded === 'true' && child !== undefined && levelOf(child) > levelOf(row) ? child : null;
    }
    case 'ArrowLeft': {
      if (expanded === 'true') {
        row.click();
        return null;
      }
      return rows.slice(0, index).findLast((candidate) => levelOf(candidate) < levelOf(row)) ?? null;
    }
    default:
      return null;
  }
}

/** Opens the actions menu of a row, whose button is hidden from assistive technology (the row is one name). */
export function openRowMenu(row: HTMLElement): void {
  row.querySelector<HTMLElement>('.tree-actions button')?.click();
}

/**
 * The WAI-ARIA tree pattern: Up and Down move between rows, Right opens a folder or enters it, Left closes it or
 * goes to its parent, Home and End go to the first and last row, Shift+F10 (or the context-menu key) opens the
 * row's actions.
 */
export function onTreeKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const row = event.target as HTMLElement;
  if (row.getAttribute('role') !== 'treeitem') return;
  if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
    event.preventDefault();
    openRowMenu(row);
    return;
  }
  const rows = rowsOf(event.currentTarget);
  const next = target(event.key, rows, rows.indexOf(row));
  if (!['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
  event.preventDefault();
  next?.focus();
}
