import { type DragEvent, useId, useState } from 'react';
import type { EndpointSummary } from '../api/types.js';
import type { FolderNode, TreeRoot } from '../lib/tree.js';
import { onTreeKeyDown, openRowMenu } from '../lib/tree-keys.js';
import { Icon } from './icons.js';
import { InlineRename } from './inline-rename.js';
import { Menu } from './menu.js';
import { MethodBadge } from './method-badge.js';

export type TreeItemRef = { kind: 'folder' | 'endpoint'; id: string; name: string };

export interface TreeActions {
  openEndpoint(endpointId: string): void;
  newRequest(folderId: string | null): void;
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
}

export interface TreeView {
  selectedEndpointId: string | null;
  unsavedIds: ReadonlySet<string>;
  freshIds: ReadonlySet<string>;
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

/** The ids of the rows shown, top to bottom: a closed folder's rows are not. */
function shownIds(tree: TreeRoot, view: TreeView): string[] {
  const ids: string[] = [];
  const walk = (folders: readonly FolderNode[], endpoints: readonly EndpointSummary[]) => {
    for (const node of folders) {
      ids.push(node.folder.id);
      if (view.searching || !view.collapsedIds.has(node.folder.id)) walk(node.folders, node.endpoints);
    }
    for (const endpoint of endpoints) ids.push(endpoint.id);
  };
  walk(tree.folders, tree.endpoints);
  return ids;
}

export function SidebarTree({ tree, view, actions }: { tree: TreeRoot; view: TreeView; actions: TreeActions }) {
  // The tree is one Tab stop (the WAI-ARIA tree pattern): the row last focused, else the open endpoint, else the first.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const ids = shownIds(tree, view);
  const tabStop = [focusedId, view.selectedEndpointId].find((id) => id !== null && ids.includes(id)) ?? ids[0] ?? null;
  const rowView = { ...view, tabStop };
  return (
    <div
      className="tree"
      role="tree"
      aria-label="Folders and endpoints"
      onKeyDown={onTreeKeyDown}
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
      {tree.folders.map((node) => (
        <FolderItem key={node.folder.id} node={node} depth={0} view={rowView} actions={actions} />
      ))}
      {tree.endpoints.map((endpoint) => (
        <EndpointItem key={endpoint.id} endpoint={endpoint} depth={0} view={rowView} actions={actions} />
      ))}
    </div>
  );
}

type RowView = TreeView & { tabStop: string | null };

function FolderItem({
  node,
  depth,
  view,
  actions,
}: {
  node: FolderNode;
  depth: number;
  view: RowView;
  actions: TreeActions;
}) {
  const { folder } = node;
  const uid = useId();
  const item: TreeItemRef = { kind: 'folder', id: folder.id, name: folder.name };
  const open = view.searching || !view.collapsedIds.has(folder.id);
  const renaming = view.renaming?.kind === 'folder' && view.renaming.id === folder.id;
  return (
    <div>
      <div
        role="treeitem"
        aria-expanded={open}
        aria-level={depth + 1}
        aria-selected={false}
        aria-labelledby={`${uid}-name`}
        aria-describedby={`${uid}-count`}
        data-tree-id={folder.id}
        className="tree-row tree-folder"
        style={{ paddingLeft: 8 + depth * 14 }}
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
          <span className="tree-label" id={`${uid}-name`}>
            {folder.name}
          </span>
        )}{' '}
        {/* Drawn by CSS and said as the row's description, so the row's name is the folder's name alone. */}
        <span className="tree-count" id={`${uid}-count`} data-count={countEndpoints(node)} />
        <span className="tree-actions">
          <Menu
            inRow
            label={`Actions for folder ${folder.name}`}
            items={[
              { label: 'New request', onSelect: () => actions.newRequest(folder.id) },
              { label: 'New folder', onSelect: () => actions.newFolder(folder.id) },
              { label: 'Rename', onSelect: () => actions.startRename(item) },
              { label: 'Move to…', onSelect: () => actions.startMove(item) },
              { label: 'Duplicate', onSelect: () => actions.duplicate(item) },
              ...(actions.editFolderAuth === undefined
                ? []
                : [{ label: 'Auth…', onSelect: () => actions.editFolderAuth?.(folder.id) }]),
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
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: a tree's nested rows are a group (WAI-ARIA tree), not a form fieldset
        <div role="group">
          {node.folders.map((child) => (
            <FolderItem key={child.folder.id} node={child} depth={depth + 1} view={view} actions={actions} />
          ))}
          {node.endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} depth={depth + 1} view={view} actions={actions} />
          ))}
          {node.folders.length === 0 && node.endpoints.length === 0 && (
            <div className="tree-empty" style={{ paddingLeft: 30 + depth * 14 }}>
              Empty folder
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function countEndpoints(node: FolderNode): number {
  return node.endpoints.length + node.folders.reduce((sum, child) => sum + countEndpoints(child), 0);
}

function EndpointItem({
  endpoint,
  depth,
  view,
  actions,
}: {
  endpoint: EndpointSummary;
  depth: number;
  view: RowView;
  actions: TreeActions;
}) {
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
      aria-level={depth + 1}
      aria-selected={selected}
      aria-labelledby={`${uid}-method ${uid}-name ${uid}-unsaved`}
      data-tree-id={endpoint.id}
      className={classes.join(' ')}
      style={{ paddingLeft: 22 + depth * 14 }}
      tabIndex={view.tabStop === endpoint.id ? 0 : -1}
      title={`${endpoint.path} · ${endpoint.state}`}
      onClick={() => actions.openEndpoint(endpoint.id)}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') actions.openEndpoint(endpoint.id);
        if (event.key === 'F2') actions.startRename(item);
        if (event.key === 'Delete') actions.startDelete(item);
      }}
      {...dragSource(item)}
    >
      <MethodBadge method={endpoint.method} id={`${uid}-method`} />{' '}
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
      {/* The row's title says the state to assistive technology; the dot's own says it to a pointer. */}
      <span className={`state-dot state-${endpoint.state.toLowerCase()}`} title={endpoint.state} aria-hidden="true" />
      <span className="tree-actions">
        <Menu
          inRow
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
