import { defaultRangeExtractor, type Range, type Rect, useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { openRowMenu } from '../lib/row-menu.js';
import { poolFor, slotKeys } from '../lib/row-slots.js';
import type { TreeRoot } from '../lib/tree.js';
import { rowAfterKey, type TreeRow, treeRows } from '../lib/tree-rows.js';
import { EndpointBadge } from './endpoint-badge.js';
import { Icon } from './icons.js';
import { InlineRename } from './inline-rename.js';
import { Menu } from './menu.js';

export type TreeItemRef = { kind: 'folder' | 'endpoint'; id: string; name: string };

export interface TreeActions {
  openEndpoint(endpointId: string): void;
  newRequest(folderId: string | null): void;
  /** A new MCP server endpoint, over Streamable HTTP until the person picks stdio. */
  newMcpServer(folderId: string | null): void;
  newWebSocket(folderId: string | null): void;
  newFolder(parentId: string | null): void;
  startRename(item: TreeItemRef): void;
  rename(item: TreeItemRef, name: string): void;
  cancelRename(): void;
  startMove(item: TreeItemRef): void;
  move(item: TreeItemRef, folderId: string | null): void;
  startDelete(item: TreeItemRef): void;
  /** A copy beside the original: an endpoint, or a folder with everything in it. */
  duplicate(item: TreeItemRef): void;
  copyCurl(endpointId: string): void;
  toggleFolder(folderId: string): void;
  /** Opens the auth the folder sets for the requests inside that inherit it. */
  editFolderAuth?(folderId: string): void;
  /** Downloads the folder as an OpenAPI or Postman document. */
  exportFolder?(folderId: string, format: 'openapi' | 'postman'): void;
  /** Opens the scripts the folder runs around every request inside it. */
  editFolderScripts?(folderId: string): void;
  /** Opens the runner on the folder's requests. */
  runFolder?(folderId: string): void;
  mockFolder?(folderId: string): void;
}

export interface TreeView {
  selectedEndpointId: string | null;
  unsavedIds: ReadonlySet<string>;
  freshIds: ReadonlySet<string>;
  /** Requests of a linked project whose file differs from the last commit. */
  changedIds?: ReadonlySet<string>;
  collapsedIds: ReadonlySet<string>;
  renaming: TreeItemRef | null;
  /** While searching every folder is shown open. */
  searching: boolean;
}

const DRAG_TYPE = 'application/x-client-tree-item';

function readDragged(event: DragEvent): TreeItemRef | null {
  const data = event.dataTransfer.getData(DRAG_TYPE);
  return data === '' ? null : (JSON.parse(data) as TreeItemRef);
}

function dropTarget(folderId: string | null, actions: TreeActions) {
  return {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      event.stopPropagation();
      event.currentTarget.classList.add('drop-target');
    },
    onDragLeave: (event: DragEvent) => event.currentTarget.classList.remove('drop-target'),
    onDrop: (event: DragEvent) => {
      event.currentTarget.classList.remove('drop-target');
      const item = readDragged(event);
      if (item === null || item.id === folderId) return;
      event.preventDefault();
      event.stopPropagation();
      actions.move(item, folderId);
    },
  };
}

function dragSource(item: TreeItemRef) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(item));
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}

/**
 * Where each row is, by id: the map is made when first asked, so opening a project of 10,000 endpoints with no row
 * selected or focused does not make it.
 */
function rowIndex(rows: readonly TreeRow[]): (id: string) => number | undefined {
  let indexes: Map<string, number> | null = null;
  return (id) => {
    indexes ??= new Map(rows.map((row, index) => [row.id, index]));
    return indexes.get(id);
  };
}

/** The size of the tree's scrolled area when last measured, in this page. */
let lastScrollRect: Rect | undefined;

/** Rows drawn above and below the ones in sight, so a fast scroll or a step of the keyboard finds them ready. */
const OVERSCAN = 12;
const ROW_HEIGHT = 30;
const EMPTY_ROW_HEIGHT = 26;

/**
 * The project's folders and endpoints as a WAI-ARIA tree, of which only the rows in sight (and the focused one) are
 * in the page: a project of 10,000 endpoints opens and filters as fast as a small one. Each row says its level and
 * its place among its siblings, and the keyboard moves through every row, scrolling the one it reaches into view.
 */
export function SidebarTree({
  tree,
  view,
  actions,
  handle,
}: {
  tree: TreeRoot;
  view: TreeView;
  actions: TreeActions;
  /** Lets the search box move the focus into the tree, to its first row. */
  handle?: Ref<{ focusFirst(): void }>;
}) {
  const { searching, collapsedIds } = view;
  const rows = useMemo(
    () => treeRows(tree, (folderId) => searching || !collapsedIds.has(folderId)),
    [tree, searching, collapsedIds],
  );
  const indexOf = useMemo(() => rowIndex(rows), [rows]);
  const element = useRef<HTMLDivElement>(null);
  // The tree is one Tab stop (the WAI-ARIA tree pattern): the row last focused, else the open endpoint, else the first.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const firstStop = rows.findIndex((row) => row.kind !== 'empty');
  const kept =
    [focusedId, view.selectedEndpointId]
      .map((id) => (id === null ? undefined : indexOf(id)))
      .find((index) => index !== undefined) ?? (firstStop === -1 ? undefined : firstStop);
  const tabStop = kept === undefined ? null : (rows[kept]?.id ?? null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => element.current?.parentElement ?? null,
    // The same functions while the rows are the same: the virtualizer places every row again whenever they change.
    estimateSize: useCallback(
      (index: number) => (rows[index]?.kind === 'empty' ? EMPTY_ROW_HEIGHT : ROW_HEIGHT),
      [rows],
    ),
    getItemKey: useCallback((index: number) => rows[index]?.id ?? index, [rows]),
    overscan: OVERSCAN,
    // The first render draws the rows that fit the area as last measured, not a screenful measured and drawn again.
    initialRect: lastScrollRect,
    onChange: (instance) => {
      if (instance.scrollRect !== null) lastScrollRect = instance.scrollRect;
    },
    // The row that holds the focus (or the Tab stop) stays in the page while it is scrolled away, so it keeps it.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        return kept === undefined || indexes.includes(kept) ? indexes : [...indexes, kept].sort((a, b) => a - b);
      },
      [kept],
    ),
  });

  // A row the keyboard moved to is focused once it is drawn.
  const pendingFocus = useRef<string | null>(null);
  const focusRow = (index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    pendingFocus.current = row.id;
    setFocusedId(row.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const target = element.current?.querySelector<HTMLElement>(`[data-tree-id="${CSS.escape(id)}"]`);
    if (target === null || target === undefined) return;
    pendingFocus.current = null;
    target.focus();
  });
  // Rows are recycled (see `slotKeys`): when rows come or go above the focused one (an import, a folder opened),
  // its element shows another row after the render, so the focus moves to the element that now shows it.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (focusedId === null || !(active instanceof HTMLElement) || active.getAttribute('role') !== 'treeitem') return;
    if (active.dataset.treeId === focusedId || element.current?.contains(active) !== true) return;
    element.current.querySelector<HTMLElement>(`[data-tree-id="${CSS.escape(focusedId)}"]`)?.focus();
  });
  useImperativeHandle(handle, () => ({
    focusFirst: () => focusRow(firstStop),
  }));
  // An endpoint opened from elsewhere (a tab, the palette, a search) is scrolled into view in the tree, and again
  // when a search ends; rows that come and go otherwise (an import, a folder closed) leave the scroll alone.
  const rowIndexes = useRef(indexOf);
  rowIndexes.current = indexOf;
  const selectedId = view.selectedEndpointId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a search that starts or ends is a reason to reveal it again
  useEffect(() => {
    const index = selectedId === null ? undefined : rowIndexes.current(selectedId);
    if (index !== undefined) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, searching, virtualizer]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const index = indexOf(target.dataset.treeId ?? '');
    if (target.getAttribute('role') !== 'treeitem' || index === undefined) return;
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      openRowMenu(target);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const row = rows[index];
    // Right opens a closed folder and Left closes an open one, the focus staying on it.
    if (row?.kind === 'folder' && (event.key === 'ArrowRight' ? !row.open : event.key === 'ArrowLeft' && row.open)) {
      actions.toggleFolder(row.id);
      return;
    }
    const next = rowAfterKey(event.key, rows, index);
    if (next !== null) focusRow(next);
  };

  const [menuFor, setMenuFor] = useState<string | null>(null);
  const rowView: RowView = { ...view, tabStop, menuFor, setMenuFor };
  const items = virtualizer.getVirtualItems();
  const pool = useRef(poolFor(0));
  pool.current = poolFor(items.length, pool.current);
  const keys = slotKeys(
    items.map((item) => item.index),
    kept,
    pool.current,
  );
  const renamingId = view.renaming?.id;
  return (
    <div
      ref={element}
      className="tree"
      role="tree"
      aria-label="Folders and endpoints"
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
        if (row === null) return;
        event.preventDefault();
        row.focus();
        openRowMenu(row);
      }}
      onFocus={(event) => {
        const id = (event.target as HTMLElement).dataset.treeId;
        if (id !== undefined) setFocusedId(id);
      }}
      {...dropTarget(null, actions)}
    >
      {items.map((item, at) => {
        const row = rows[item.index];
        const style = { top: item.start, height: item.size };
        if (row === undefined) return null;
        // The row being renamed keeps its element, and the name typed in it, while rows move around it.
        const key = row.id === renamingId ? row.id : keys[at];
        if (row.kind === 'folder') {
          return <FolderItem key={key} row={row} style={style} view={rowView} actions={actions} />;
        }
        if (row.kind === 'endpoint') {
          return <EndpointItem key={key} row={row} style={style} view={rowView} actions={actions} />;
        }
        // The folder's own description (its count, 0) says it is empty; this line only shows it.
        return (
          <div
            key={key}
            className="tree-empty"
            aria-hidden="true"
            style={{ ...style, paddingLeft: 30 + (row.level - 2) * 14 }}
          >
            Empty folder
          </div>
        );
      })}
    </div>
  );
}

type RowView = TreeView & {
  tabStop: string | null;
  /** The row whose menu is open: kept by the tree, as a recycled row's element may come to show another row. */
  menuFor: string | null;
  setMenuFor(id: string | null): void;
};
type FolderRow = Extract<TreeRow, { kind: 'folder' }>;
type EndpointRow = Extract<TreeRow, { kind: 'endpoint' }>;

function FolderItem({
  row,
  style,
  view,
  actions,
}: {
  row: FolderRow;
  style: CSSProperties;
  view: RowView;
  actions: TreeActions;
}) {
  const { folder } = row.node;
  const depth = row.level - 1;
  const uid = useId();
  const item: TreeItemRef = { kind: 'folder', id: folder.id, name: folder.name };
  const { open } = row;
  const renaming = view.renaming?.kind === 'folder' && view.renaming.id === folder.id;
  return (
    <div
      role="treeitem"
      aria-expanded={open}
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-selected={false}
      aria-labelledby={`${uid}-name`}
      aria-describedby={`${uid}-count`}
      data-tree-id={folder.id}
      className="tree-row tree-folder"
      style={{ ...style, paddingLeft: 8 + depth * 14 }}
      onClick={() => actions.toggleFolder(folder.id)}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          actions.toggleFolder(folder.id);
        }
        if (event.key === 'F2') actions.startRename(item);
        if (event.key === 'Delete') actions.startDelete(item);
      }}
      tabIndex={view.tabStop === folder.id ? 0 : -1}
      {...dragSource(item)}
      {...dropTarget(folder.id, actions)}
    >
      <span className={open ? 'tree-chevron tree-chevron-open' : 'tree-chevron'}>
        <Icon name="chevron" size={12} />
      </span>
      <Icon name={open ? 'folder-open' : 'folder'} size={15} />
      {renaming ? (
        <InlineRename
          value={folder.name}
          label="Folder name"
          onCommit={(name) => actions.rename(item, name)}
          onCancel={actions.cancelRename}
        />
      ) : (
        <span className="tree-label" id={`${uid}-name`} title={folder.name}>
          {folder.name}
        </span>
      )}{' '}
      {/* Drawn by CSS and said as the row's description, so the row's name is the folder's name alone. */}
      <span className="tree-count" id={`${uid}-count`} data-count={row.endpointCount} />
      <span className="tree-actions">
        <Menu
          inRow
          open={view.menuFor === folder.id}
          onOpenChange={(open) => view.setMenuFor(open ? folder.id : null)}
          label={`Actions for folder ${folder.name}`}
          items={[
            { label: 'New request', onSelect: () => actions.newRequest(folder.id) },
            { label: 'New MCP server', onSelect: () => actions.newMcpServer(folder.id) },
            { label: 'New WebSocket', onSelect: () => actions.newWebSocket(folder.id) },
            { label: 'New folder', onSelect: () => actions.newFolder(folder.id) },
            { label: 'Rename', onSelect: () => actions.startRename(item) },
            { label: 'Move to…', onSelect: () => actions.startMove(item) },
            { label: 'Duplicate', onSelect: () => actions.duplicate(item) },
            ...(actions.runFolder === undefined
              ? []
              : [{ label: 'Run folder…', onSelect: () => actions.runFolder?.(folder.id) }]),
            ...(actions.mockFolder === undefined
              ? []
              : [{ label: 'Mock this folder…', onSelect: () => actions.mockFolder?.(folder.id) }]),
            ...(actions.editFolderAuth === undefined
              ? []
              : [{ label: 'Auth…', onSelect: () => actions.editFolderAuth?.(folder.id) }]),
            ...(actions.editFolderScripts === undefined
              ? []
              : [{ label: 'Scripts…', onSelect: () => actions.editFolderScripts?.(folder.id) }]),
            ...(actions.exportFolder === undefined
              ? []
              : [
                  { label: 'Export as OpenAPI 3.1', onSelect: () => actions.exportFolder?.(folder.id, 'openapi') },
                  { label: 'Export as Postman v2.1', onSelect: () => actions.exportFolder?.(folder.id, 'postman') },
                ]),
            { label: 'Delete', onSelect: () => actions.startDelete(item), danger: true },
          ]}
        />
      </span>
    </div>
  );
}

function EndpointItem({
  row,
  style,
  view,
  actions,
}: {
  row: EndpointRow;
  style: CSSProperties;
  view: RowView;
  actions: TreeActions;
}) {
  const { endpoint } = row;
  const depth = row.level - 1;
  const uid = useId();
  const item: TreeItemRef = { kind: 'endpoint', id: endpoint.id, name: endpoint.name };
  const selected = view.selectedEndpointId === endpoint.id;
  const renaming = view.renaming?.kind === 'endpoint' && view.renaming.id === endpoint.id;
  const classes = ['tree-row', 'tree-endpoint'];
  if (selected) classes.push('tree-row-selected');
  if (view.freshIds.has(endpoint.id)) classes.push('tree-row-fresh');
  return (
    <div
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-selected={selected}
      aria-labelledby={`${uid}-method ${uid}-name ${uid}-unsaved ${uid}-changed`}
      data-tree-id={endpoint.id}
      className={classes.join(' ')}
      style={{ ...style, paddingLeft: 22 + depth * 14 }}
      tabIndex={view.tabStop === endpoint.id ? 0 : -1}
      title={`${endpoint.name}\n${endpoint.path} · ${endpoint.state}`}
      onClick={() => actions.openEndpoint(endpoint.id)}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') actions.openEndpoint(endpoint.id);
        if (event.key === 'F2') actions.startRename(item);
        if (event.key === 'Delete') actions.startDelete(item);
      }}
      {...dragSource(item)}
    >
      <EndpointBadge method={endpoint.method} kind={endpoint.kind} id={`${uid}-method`} />{' '}
      {renaming ? (
        <InlineRename
          value={endpoint.name}
          label="Endpoint name"
          onCommit={(name) => actions.rename(item, name)}
          onCancel={actions.cancelRename}
        />
      ) : (
        <span className="tree-label" id={`${uid}-name`}>
          {endpoint.name}
        </span>
      )}
      {view.unsavedIds.has(endpoint.id) && (
        <span className="unsaved-dot" role="img" aria-label="Unsaved changes" id={`${uid}-unsaved`}>
          ●
        </span>
      )}
      {view.changedIds?.has(endpoint.id) === true && (
        <span
          className="changed-mark"
          role="img"
          aria-label="Changed since the last commit"
          title="Changed since the last commit"
          id={`${uid}-changed`}
        />
      )}
      {/* The row's title says the state to assistive technology; the dot's own says it to a pointer. */}
      <span className={`state-dot state-${endpoint.state.toLowerCase()}`} title={endpoint.state} aria-hidden="true" />
      <span className="tree-actions">
        <Menu
          inRow
          open={view.menuFor === endpoint.id}
          onOpenChange={(open) => view.setMenuFor(open ? endpoint.id : null)}
          label={`Actions for ${endpoint.name}`}
          items={[
            { label: 'Rename', onSelect: () => actions.startRename(item) },
            { label: 'Move to…', onSelect: () => actions.startMove(item) },
            { label: 'Duplicate', onSelect: () => actions.duplicate(item) },
            { label: 'Copy as cURL', onSelect: () => actions.copyCurl(endpoint.id) },
            { label: 'Delete', onSelect: () => actions.startDelete(item), danger: true },
          ]}
        />
      </span>
    </div>
  );
}
