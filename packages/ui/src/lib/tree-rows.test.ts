import { describe, expect, it } from 'vitest';
import type { EndpointSummary } from '../api/types.js';
import { buildTree } from './tree.js';
import { rowAfterKey, treeRows } from './tree-rows.js';

const folder = (id: string, name: string, parentId: string | null = null) => ({
  id,
  projectId: 'p',
  parentId,
  name,
  createdAt: '',
  updatedAt: '',
});
const endpoint = (id: string, name: string, folderId: string | null): EndpointSummary => ({
  id,
  folderId,
  name,
  method: 'GET',
  path: `/${id}`,
  state: 'Designing',
});

// Accounts (open: Empty (open, nothing in it), List accounts), Orders (closed: Get order), then Health at the root.
const root = buildTree(
  [folder('a', 'Accounts'), folder('x', 'Empty', 'a'), folder('o', 'Orders')],
  [endpoint('la', 'List accounts', 'a'), endpoint('go', 'Get order', 'o'), endpoint('h', 'Health', null)],
);
const rows = treeRows(root, (folderId) => folderId !== 'o');
const place = (index: number) => {
  const row = rows[index];
  return row === undefined || row.kind === 'empty' ? row?.id : [row.id, row.level, row.posInSet, row.setSize];
};

describe('treeRows', () => {
  it('lists the rows as drawn, with each row’s level and place among its siblings, and counts endpoints', () => {
    expect(rows.map((_, index) => place(index))).toEqual([
      ['a', 1, 1, 3],
      ['x', 2, 1, 2],
      'x:empty',
      ['la', 2, 2, 2],
      ['o', 1, 2, 3],
      ['h', 1, 3, 3],
    ]);
    const orders = rows[4];
    expect(orders?.kind === 'folder' && [orders.open, orders.endpointCount]).toEqual([false, 1]);
  });
});

describe('rowAfterKey', () => {
  it('steps over the empty-folder line, goes to the first and last rows, and up to the parent', () => {
    expect(rowAfterKey('ArrowDown', rows, 1)).toBe(3);
    expect(rowAfterKey('ArrowUp', rows, 3)).toBe(1);
    expect(rowAfterKey('Home', rows, 5)).toBe(0);
    expect(rowAfterKey('End', rows, 0)).toBe(5);
    expect(rowAfterKey('ArrowLeft', rows, 3)).toBe(0);
    expect(rowAfterKey('ArrowLeft', rows, 0)).toBeNull();
    expect(rowAfterKey('ArrowDown', rows, 5)).toBeNull();
  });

  it('enters an open folder with Right, but not one with nothing in it', () => {
    expect(rowAfterKey('ArrowRight', rows, 0)).toBe(1);
    expect(rowAfterKey('ArrowRight', rows, 1)).toBeNull();
    expect(rowAfterKey('ArrowRight', rows, 5)).toBeNull();
  });
});
