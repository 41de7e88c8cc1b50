import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointSummary } from '../api/types.js';
import { buildTree, type TreeRoot } from '../lib/tree.js';
import { SidebarTree, type TreeActions, type TreeItemRef, type TreeView } from './sidebar-tree.js';

afterEach(cleanup);

// happy-dom lays nothing out: the sidebar is given the size a window gives it, 300 × 600 pixels, so the tree
// draws the rows that fit in it.
const laidOut = ['clientWidth', 'clientHeight'] as const;
const before = laidOut.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 300 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => {
  laidOut.forEach((name, index) => {
    const descriptor = before[index];
    if (descriptor === undefined) Reflect.deleteProperty(HTMLElement.prototype, name);
    else Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
});

const tree = buildTree(
  [{ id: 'f1', projectId: 'p', parentId: null, name: 'Users', createdAt: '', updatedAt: '' }],
  [
    { id: 'e1', folderId: 'f1', name: 'List users', method: 'GET', path: '/users', state: 'Released' },
    {
      id: 'e2',
      folderId: null,
      name: 'Create order',
      method: 'POST',
      path: '/orders',
      state: 'Designing',
    },
  ],
);

function setup(view: Partial<TreeView> = {}, root: TreeRoot = tree) {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(
        `${name} ${args.map((arg) => (typeof arg === 'object' ? (arg as TreeItemRef).id : String(arg))).join(' ')}`,
      );
  const actions: TreeActions = {
    openEndpoint: record('open'),
    newRequest: record('newRequest'),
    newMcpServer: record('newMcpServer'),
    newWebSocket: record('newWebSocket'),
    newFolder: record('newFolder'),
    startRename: record('startRename'),
    rename: record('rename'),
    cancelRename: record('cancelRename'),
    startMove: record('startMove'),
    move: record('move'),
    startDelete: record('startDelete'),
    duplicate: record('duplicate'),
    copyCurl: record('copyCurl'),
    toggleFolder: record('toggle'),
  };
  render(
    <div style={{ height: 600, overflow: 'auto' }}>
      <SidebarTree
        tree={root}
        actions={actions}
        view={{
          selectedEndpointId: null,
          unsavedIds: new Set(),
          freshIds: new Set(),
          collapsedIds: new Set(),
          renaming: null,
          searching: false,
          ...view,
        }}
      />
    </div>,
  );
  return calls;
}

describe('SidebarTree', () => {
  it('lists folders and endpoints with method badges, the selected one, and the unsaved and fresh marks', () => {
    setup({ selectedEndpointId: 'e1', unsavedIds: new Set(['e1']), freshIds: new Set(['e2']) });
    // The unsaved mark is part of the row's name, so a screen reader says it too.
    const list = screen.getByRole('treeitem', { name: 'GET List users Unsaved changes' });
    expect(list.getAttribute('aria-selected')).toBe('true');
    expect(list.querySelector('.method-badge')?.textContent).toBe('GET');
    expect(list.querySelector('[aria-label="Unsaved changes"]')).toBeTruthy();
    expect(screen.getByRole('treeitem', { name: 'POST Create order' }).className).toContain('tree-row-fresh');
    expect(screen.getByRole('treeitem', { name: 'Users' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens an endpoint on click or Enter, folds a folder, and renames with F2', () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('treeitem', { name: 'POST Create order' }));
    fireEvent.keyDown(screen.getByRole('treeitem', { name: 'GET List users' }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('treeitem', { name: 'Users' }));
    fireEvent.keyDown(screen.getByRole('treeitem', { name: 'Users' }), { key: 'F2' });
    expect(calls).toEqual(['open e2', 'open e1', 'toggle f1', 'startRename f1']);
  });

  it('offers rename, move, copy as cURL and delete in an endpoint menu, opened from the row by Shift+F10', () => {
    const calls = setup();
    fireEvent.keyDown(screen.getByRole('treeitem', { name: 'POST Create order' }), { key: 'F10', shiftKey: true });
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Rename',
      'Move to…',
      'Duplicate',
      'Copy as cURL',
      'Delete',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(calls).toEqual(['startDelete e2']);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is one Tab stop: the open endpoint, or the first row when none is open', () => {
    setup({ selectedEndpointId: 'e2' });
    const stops = screen.getAllByRole('treeitem').filter((row) => row.tabIndex === 0);
    expect(stops.map((row) => row.dataset.treeId)).toEqual(['e2']);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('moves between rows with the arrow keys, and folds and leaves a folder with Left', () => {
    const calls = setup();
    const folder = screen.getByRole('treeitem', { name: 'Users' });
    folder.focus();
    fireEvent.keyDown(folder, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('treeitem', { name: 'GET List users' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('treeitem', { name: 'POST Create order' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(folder);
    fireEvent.keyDown(folder, { key: 'ArrowLeft' });
    expect(calls).toEqual(['toggle f1']);
  });

  it('commits an inline rename on Enter', () => {
    const calls = setup({ renaming: { kind: 'endpoint', id: 'e2', name: 'Create order' } });
    const input = screen.getByLabelText('Endpoint name');
    fireEvent.change(input, { target: { value: 'Place order' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(calls).toEqual(['rename e2 Place order']);
  });

  it('draws only the rows in sight of a project of 10,000 endpoints, each saying its place, and reaches the last by End', () => {
    const endpoints: EndpointSummary[] = Array.from({ length: 10_000 }, (_, index) => ({
      id: `e${index}`,
      folderId: index < 5000 ? 'f1' : null,
      name: `Endpoint ${String(index).padStart(5, '0')}`,
      method: 'GET',
      path: `/items/${index}`,
      state: 'Designing',
    }));
    setup(
      {},
      buildTree([{ id: 'f1', projectId: 'p', parentId: null, name: 'Half', createdAt: '', updatedAt: '' }], endpoints),
    );
    const drawn = screen.getAllByRole('treeitem');
    expect(drawn.length).toBeGreaterThan(15);
    expect(drawn.length).toBeLessThan(60);
    const folder = screen.getByRole('treeitem', { name: 'Half' });
    expect([
      folder.getAttribute('aria-level'),
      folder.getAttribute('aria-setsize'),
      folder.getAttribute('aria-posinset'),
    ]).toEqual(['1', '5001', '1']);
    const first = screen.getByRole('treeitem', { name: 'GET Endpoint 00000' });
    expect([
      first.getAttribute('aria-level'),
      first.getAttribute('aria-setsize'),
      first.getAttribute('aria-posinset'),
    ]).toEqual(['2', '5000', '1']);

    first.focus();
    fireEvent.keyDown(first, { key: 'End' });
    const last = screen.getByRole('treeitem', { name: 'GET Endpoint 09999' });
    expect(document.activeElement).toBe(last);
    expect([
      last.getAttribute('aria-level'),
      last.getAttribute('aria-setsize'),
      last.getAttribute('aria-posinset'),
    ]).toEqual(['1', '5001', '5001']);
    fireEvent.keyDown(last, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'ArrowUp' });
    expect((document.activeElement as HTMLElement).dataset.treeId).toBe('e9998');
    expect(screen.getAllByRole('treeitem').length).toBeLessThan(60);
  });
});
