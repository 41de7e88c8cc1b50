import { type ReactNode, type Ref, useId, useRef } from 'react';
import type { HistoryItem, ProjectTree } from '../api/types.js';
import { onTablistKeyDown } from '../lib/roving-focus.js';
import { shortcutLabel } from '../lib/shortcut.js';
import { firstEndpoint, type TreeRoot } from '../lib/tree.js';
import { HistoryList } from './history-list.js';
import { Icon } from './icons.js';
import { Menu, type MenuItem } from './menu.js';
import { SidebarTree, type TreeActions, type TreeView } from './sidebar-tree.js';

export type SidebarView = 'requests' | 'history' | 'runs';

interface WorkspaceSidebarProps {
  /** The id the separator that resizes the sidebar names as what it controls. */
  id: string;
  /** Collapsed: kept in the page (its search and scroll stay) but not shown. */
  hidden: boolean;
  onHide: () => void;
  projectName: string | null;
  view: SidebarView;
  onView: (view: SidebarView) => void;
  search: string;
  onSearch: (search: string) => void;
  searchInput: Ref<HTMLInputElement>;
  /** Null while loading. */
  tree: ProjectTree | null;
  /** The tree as shown: built and filtered by the search. */
  treeRoot: TreeRoot;
  treeView: TreeView;
  actions: TreeActions;
  history: readonly HistoryItem[];
  historyId: string | null;
  onOpenHistory: (historyId: string) => void;
  onClearHistory: () => void;
  /** The list of kept runs, drawn in the Runs view. */
  runList: ReactNode;
  onSettings: () => void;
  onImport: () => void;
  /** Opens the Mock view, to start a mock of the project. */
  onMock: () => void;
  /** How many mocks of the project are running, shown on the Mock button. */
  mockCount: number;
  /** The project menu: import a collection, export, back up. */
  projectMenu: MenuItem[];
  /** Drawn under every view: a linked project's status line. */
  footer?: ReactNode;
}

/** The project's name and settings, then its requests (searchable tree) or its history. */
export function WorkspaceSidebar(props: WorkspaceSidebarProps) {
  const { view, onView, search, onSearch, tree, treeRoot, actions } = props;
  const treeHandle = useRef<{ focusFirst(): void }>(null);
  const mockCountId = useId();
  return (
    <aside className="sidebar" aria-label="Project" id={props.id} hidden={props.hidden}>
      <div className="sidebar-header">
        <button
          type="button"
          className="project-title"
          onClick={props.onSettings}
          title="Project settings and variables"
        >
          <span className="project-title-name" title={props.projectName ?? undefined}>
            {props.projectName ?? '…'}
          </span>
          <Icon name="settings" size={14} />
        </button>
        <Menu
          label="New"
          icon="plus"
          items={[
            { label: 'New request', onSelect: () => actions.newRequest(null) },
            { label: 'New WebSocket', onSelect: () => actions.newWebSocket(null) },
            { label: 'New MCP server', onSelect: () => actions.newMcpServer(null) },
            { label: 'New folder', onSelect: () => actions.newFolder(null) },
            { label: 'Import from cURL', onSelect: props.onImport },
          ]}
        />
        <span className="mock-button">
          <button
            type="button"
            className="icon-button"
            aria-label="Mock"
            aria-describedby={props.mockCount > 0 ? mockCountId : undefined}
            title="Mock this project: an API on 127.0.0.1 that answers from its examples"
            onClick={props.onMock}
          >
            <Icon name="server" />
          </button>
          {props.mockCount > 0 && (
            <>
              <span className="mock-button-count" aria-hidden="true">
                {props.mockCount}
              </span>
              <span className="visually-hidden" id={mockCountId}>
                {props.mockCount === 1 ? 'one mock running' : `${props.mockCount} mocks running`}
              </span>
            </>
          )}
        </span>
        <Menu label="Project menu" items={props.projectMenu} />
        <button
          type="button"
          className="icon-button"
          aria-label="Hide the sidebar"
          title={`Hide the sidebar (${shortcutLabel('B')})`}
          onClick={props.onHide}
        >
          <Icon name="sidebar" />
        </button>
      </div>
      <div className="sidebar-switch" role="tablist" aria-label="Sidebar" onKeyDown={onTablistKeyDown}>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'requests'}
          tabIndex={view === 'requests' ? 0 : -1}
          className={view === 'requests' ? 'tab tab-active' : 'tab'}
          onClick={() => onView('requests')}
        >
          <Icon name="list" size={14} /> Requests
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'history'}
          tabIndex={view === 'history' ? 0 : -1}
          className={view === 'history' ? 'tab tab-active' : 'tab'}
          onClick={() => onView('history')}
        >
          <Icon name="history" size={14} /> History
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'runs'}
          tabIndex={view === 'runs' ? 0 : -1}
          className={view === 'runs' ? 'tab tab-active' : 'tab'}
          onClick={() => onView('runs')}
        >
          <Icon name="play" size={14} /> Runs
        </button>
      </div>
      {view === 'requests' ? (
        <>
          <div className="search">
            <Icon name="search" size={14} />
            <input
              ref={props.searchInput}
              className="search-input"
              type="search"
              aria-label="Search endpoints"
              placeholder="Search by name or path"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') onSearch('');
                // Enter opens the first result; ArrowDown moves into the results to pick another.
                if (event.key === 'Enter') {
                  const first = firstEndpoint(treeRoot);
                  if (first !== null) actions.openEndpoint(first.id);
                }
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  treeHandle.current?.focusFirst();
                }
              }}
            />
            <kbd className="search-kbd">{shortcutLabel('Shift+F', true)}</kbd>
          </div>
          <div className="sidebar-scroll">
            {tree === null ? (
              <p className="sidebar-empty">Loading…</p>
            ) : tree.endpoints.length === 0 && tree.folders.length === 0 ? (
              <div className="sidebar-empty">
                <p>No endpoints yet.</p>
                <button type="button" className="link-button" onClick={() => actions.newRequest(null)}>
                  New request
                </button>{' '}
                ·{' '}
                <button type="button" className="link-button" onClick={props.onImport}>
                  Import from cURL
                </button>
              </div>
            ) : treeRoot.folders.length === 0 && treeRoot.endpoints.length === 0 ? (
              <p className="sidebar-empty">Nothing matches “{search}”.</p>
            ) : (
              <SidebarTree tree={treeRoot} actions={actions} view={props.treeView} handle={treeHandle} />
            )}
          </div>
        </>
      ) : view === 'runs' ? (
        <div className="sidebar-scroll">{props.runList}</div>
      ) : (
        <div className="sidebar-scroll">
          <HistoryList
            items={props.history}
            selectedId={props.historyId}
            onOpen={props.onOpenHistory}
            onClear={props.onClearHistory}
          />
        </div>
      )}
      {props.footer}
    </aside>
  );
}
