import type { ImportResult } from '@client/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../api/client.js';
import { useAppEvent } from '../hooks/app-events.js';
import { editorTabsFor, useEditorTabs } from '../hooks/editor-tabs.js';
import { useHotkey } from '../hooks/use-hotkey.js';
import { useProjectData } from '../hooks/use-project-data.js';
import { copyText } from '../lib/clipboard.js';
import { toCurlCommand } from '../lib/curl-command.js';
import { type EditorDraft, isDraftChanged, newEndpointDraft, toEditorDraft } from '../lib/draft.js';
import { buildTree } from '../lib/tree.js';
import { normalizePath } from '../lib/url-editing.js';
import { mergeVariables, tokenizeTemplate } from '../lib/variables.js';
import { ConfirmDialog } from './dialog.js';
import { EditorTabsBar } from './editor-tabs-bar.js';
import { EndpointEditor } from './endpoint-editor.js';
import { EnvironmentsDialog } from './environments-dialog.js';
import { HistoryList } from './history-list.js';
import { HistoryView } from './history-view.js';
import { Icon } from './icons.js';
import { ImportCurlDialog } from './import-curl-dialog.js';
import { Menu } from './menu.js';
import { MoveDialog } from './move-dialog.js';
import { ProjectSettingsDialog } from './project-settings-dialog.js';
import { SidebarTree, type TreeActions, type TreeItemRef } from './sidebar-tree.js';
import { useToasts } from './toasts.js';

type OpenDialog =
  | { kind: 'import'; command?: string; folderId?: string | null }
  | { kind: 'settings' }
  | { kind: 'environments' }
  | null;

/** How long a freshly imported endpoint stays highlighted in the sidebar. */
const FRESH_MS = 4000;

function messageOf(caught: unknown): string {
  return caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught);
}

interface WorkspaceProps {
  projectId: string;
  onLeave: () => void;
  /** The project's name, description or endpoint count changed: the project list must follow. */
  onProjectChanged: () => void;
}

export function Workspace({ projectId, onLeave, onProjectChanged }: WorkspaceProps) {
  const data = useProjectData(projectId);
  const { detail, tree, environments, history, reloadTree, reloadHistory, reloadEnvironments, reloadDetail } = data;
  const tabsStore = editorTabsFor(projectId);
  const { tabs, activeId } = useEditorTabs(tabsStore);
  const toasts = useToasts();

  const [sidebarView, setSidebarView] = useState<'requests' | 'history'>('requests');
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<TreeItemRef | null>(null);
  const [moving, setMoving] = useState<TreeItemRef | null>(null);
  const [deleting, setDeleting] = useState<TreeItemRef | null>(null);
  const [closingTab, setClosingTab] = useState<string | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [focusNameOf, setFocusNameOf] = useState<string | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);

  const activeEnvironment =
    environments?.environments.find((environment) => environment.id === environments.activeEnvironmentId) ?? null;
  const scope = useMemo(
    () => mergeVariables(detail?.variables ?? [], activeEnvironment?.variables ?? []),
    [detail, activeEnvironment],
  );
  const activeTab = tabs.find((tab) => tab.endpointId === activeId) ?? null;
  const unsavedIds = useMemo(
    () => new Set(tabs.filter((tab) => isDraftChanged(tab.saved, tab.current)).map((tab) => tab.endpointId)),
    [tabs],
  );
  const treeRoot = useMemo(() => buildTree(tree?.folders ?? [], tree?.endpoints ?? [], search), [tree, search]);
  const endpointIds = useMemo(() => new Set(tree?.endpoints.map((endpoint) => endpoint.id)), [tree]);

  // Tabs of endpoints deleted here or elsewhere close once the tree no longer has them.
  useEffect(() => {
    if (tree !== null) tabsStore.keepOnly(endpointIds);
  }, [tree, endpointIds, tabsStore]);

  const markFresh = useCallback((endpointId: string) => {
    setFresh((current) => new Set([...current, endpointId]));
    setTimeout(() => setFresh((current) => new Set([...current].filter((id) => id !== endpointId))), FRESH_MS);
  }, []);

  useAppEvent((event) => {
    if (event.type === 'endpoint-imported') {
      // Only the open project reacts; imports into other projects stay silent here.
      if (event.projectId !== projectId) return;
      void reloadTree();
      markFresh(event.endpointId);
      if (event.source === 'agent') toasts.show(`Imported ${event.name} from an agent`, { tone: 'agent' });
    } else {
      void reloadDetail();
      void reloadTree();
    }
  });

  const openEndpoint = useCallback(
    async (endpointId: string) => {
      setHistoryId(null);
      if (tabsStore.tab(endpointId) !== undefined) {
        tabsStore.activate(endpointId);
        return;
      }
      try {
        tabsStore.open(await api.getEndpoint(endpointId));
      } catch (caught) {
        toasts.show('Could not open the endpoint', { tone: 'error', detail: messageOf(caught) });
      }
    },
    [tabsStore, toasts],
  );

  const act = async (failure: string, action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (caught) {
      toasts.show(failure, { tone: 'error', detail: messageOf(caught) });
    }
  };

  const draftOf = async (endpointId: string): Promise<EditorDraft> =>
    tabsStore.tab(endpointId)?.current ?? toEditorDraft(await api.getEndpoint(endpointId));

  const copyCurl = (endpointId: string) =>
    act('Could not copy as cURL', async () => {
      const draft = await draftOf(endpointId);
      await copyText(toCurlCommand(draft, scope));
      const secrets = [
        draft.path,
        ...draft.headers.map((h) => h.value),
        JSON.stringify(draft.auth),
        JSON.stringify(draft.body),
      ]
        .flatMap((text) => tokenizeTemplate(text, scope))
        .some((part) => part.kind === 'variable' && part.variable?.secret === true);
      toasts.show('Copied as cURL', {
        tone: 'success',
        ...(secrets ? { detail: 'Secret variables are left as {{name}} placeholders.' } : {}),
      });
    });

  const actions: TreeActions = {
    openEndpoint: (endpointId) => void openEndpoint(endpointId),
    newRequest: (folderId) =>
      void act('Could not create the request', async () => {
        const created = await api.createEndpoint(projectId, newEndpointDraft(folderId));
        if (folderId !== null) setCollapsed((current) => new Set([...current].filter((id) => id !== folderId)));
        await reloadTree();
        tabsStore.open(created);
        setHistoryId(null);
        setFocusNameOf(created.id);
      }),
    newFolder: (parentId) =>
      void act('Could not create the folder', async () => {
        const folder = await api.createFolder(projectId, { name: 'New folder', parentId });
        if (parentId !== null) setCollapsed((current) => new Set([...current].filter((id) => id !== parentId)));
        await reloadTree();
        setRenaming({ kind: 'folder', id: folder.id, name: folder.name });
      }),
    startRename: setRenaming,
    cancelRename: () => setRenaming(null),
    rename: (item, name) => {
      setRenaming(null);
      void act('Could not rename', async () => {
        if (item.kind === 'folder') await api.updateFolder(item.id, { name });
        else tabsStore.markSaved(await api.updateEndpoint(item.id, { name }), 'name-and-folder');
        await reloadTree();
      });
    },
    startMove: setMoving,
    move: (item, folderId) => {
      setMoving(null);
      void act('Could not move', async () => {
        if (item.kind === 'folder') await api.updateFolder(item.id, { parentId: folderId });
        else tabsStore.markSaved(await api.updateEndpoint(item.id, { folderId }), 'name-and-folder');
        await reloadTree();
      });
    },
    startDelete: setDeleting,
    copyCurl: (endpointId) => void copyCurl(endpointId),
    toggleFolder: (folderId) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(folderId)) next.add(folderId);
        return next;
      }),
  };

  const confirmDelete = (item: TreeItemRef) => {
    setDeleting(null);
    void act('Could not delete', async () => {
      if (item.kind === 'folder') await api.deleteFolder(item.id);
      else await api.deleteEndpoint(item.id);
      await reloadTree();
      toasts.show(`Deleted ${item.name}`);
    });
  };

  const save = async () => {
    if (activeTab === null || activeTab.saving) return;
    const { endpointId } = activeTab;
    const draft = {
      ...activeTab.current,
      path: normalizePath(activeTab.current.path),
      name: activeTab.current.name.trim(),
    };
    if (draft.name === '') {
      toasts.show('Give the endpoint a name before saving', { tone: 'error' });
      return;
    }
    tabsStore.update(endpointId, (tab) => ({ ...tab, saving: true }));
    try {
      tabsStore.markSaved(await api.saveEndpoint(endpointId, draft), 'all');
      await reloadTree();
    } catch (caught) {
      tabsStore.update(endpointId, (tab) => ({ ...tab, saving: false }));
      toasts.show('Could not save', { tone: 'error', detail: messageOf(caught) });
    }
  };

  const send = async () => {
    if (activeTab === null || activeTab.response.kind === 'sending') return;
    const { endpointId, current } = activeTab;
    const requestId = crypto.randomUUID();
    tabsStore.update(endpointId, (tab) => ({
      ...tab,
      requestId,
      response: { kind: 'sending', startedAt: Date.now() },
    }));
    const settle = (response: (typeof activeTab)['response']) =>
      tabsStore.update(endpointId, (tab) =>
        tab.requestId === requestId ? { ...tab, requestId: null, response } : tab,
      );
    try {
      const { folderId: _folder, ...request } = current;
      const outcome = await api.send({
        requestId,
        projectId,
        endpointId,
        environmentId: activeEnvironment?.id ?? null,
        request: { ...request, path: normalizePath(request.path) },
      });
      if (outcome.outcome === 'response') {
        const { outcome: _outcome, ...result } = outcome;
        settle({ kind: 'done', result });
      } else if (outcome.outcome === 'failed') {
        settle({ kind: 'failed', message: outcome.message });
      } else {
        settle({ kind: 'cancelled' });
      }
    } catch (caught) {
      settle({ kind: 'failed', message: messageOf(caught) });
    }
    void reloadHistory();
  };

  const cancel = () => {
    const requestId = activeTab?.requestId;
    if (requestId === null || requestId === undefined) return;
    void api.cancelSend(requestId).catch(() => undefined);
  };

  const onImported = async (result: ImportResult) => {
    setDialog(null);
    await reloadTree();
    await reloadDetail();
    onProjectChanged();
    await openEndpoint(result.endpointId);
    toasts.show(`Imported ${result.name}`, {
      tone: 'success',
      ...(result.warning === undefined ? {} : { detail: result.warning }),
    });
  };

  const noDialog = dialog === null && moving === null && deleting === null && closingTab === null;
  useHotkey('Enter', () => void send(), noDialog);
  useHotkey('s', () => void save(), noDialog);
  useHotkey('k', () => {
    setSidebarView('requests');
    setTimeout(() => searchInput.current?.focus(), 0);
  });

  const closeTab = (endpointId: string) => {
    if (unsavedIds.has(endpointId)) setClosingTab(endpointId);
    else tabsStore.close(endpointId);
  };

  if (data.error !== null && detail === null) {
    return (
      <div className="center-state">
        <h2>This project could not be opened</h2>
        <p className="muted">{data.error}</p>
        <button type="button" className="button button-primary" onClick={onLeave}>
          Back to projects
        </button>
      </div>
    );
  }

  const movingFolderId =
    moving === null
      ? null
      : moving.kind === 'folder'
        ? (tree?.folders.find((folder) => folder.id === moving.id)?.parentId ?? null)
        : (tree?.endpoints.find((endpoint) => endpoint.id === moving.id)?.folderId ?? null);

  return (
    <div className="workspace">
      <aside className="sidebar" aria-label="Project">
        <div className="sidebar-header">
          <button
            type="button"
            className="project-title"
            onClick={() => setDialog({ kind: 'settings' })}
            title="Project settings and variables"
          >
            <span className="project-title-name">{detail?.project.name ?? '…'}</span>
            <Icon name="settings" size={14} />
          </button>
          <Menu
            label="New"
            icon="plus"
            items={[
              { label: 'New request', onSelect: () => actions.newRequest(null) },
              { label: 'New folder', onSelect: () => actions.newFolder(null) },
              { label: 'Import from cURL', onSelect: () => setDialog({ kind: 'import' }) },
            ]}
          />
        </div>
        <div className="sidebar-switch" role="tablist" aria-label="Sidebar">
          <button
            type="button"
            role="tab"
            aria-selected={sidebarView === 'requests'}
            className={sidebarView === 'requests' ? 'tab tab-active' : 'tab'}
            onClick={() => setSidebarView('requests')}
          >
            <Icon name="list" size={14} /> Requests
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={sidebarView === 'history'}
            className={sidebarView === 'history' ? 'tab tab-active' : 'tab'}
            onClick={() => setSidebarView('history')}
          >
            <Icon name="history" size={14} /> History
          </button>
        </div>
        {sidebarView === 'requests' ? (
          <>
            <div className="search">
              <Icon name="search" size={14} />
              <input
                ref={searchInput}
                className="search-input"
                type="search"
                aria-label="Search endpoints"
                placeholder="Search by name or path"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                onKeyDown={(event) => event.key === 'Escape' && setSearch('')}
              />
              <kbd className="search-kbd">Ctrl K</kbd>
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
                  <button type="button" className="link-button" onClick={() => setDialog({ kind: 'import' })}>
                    Import from cURL
                  </button>
                </div>
              ) : treeRoot.folders.length === 0 && treeRoot.endpoints.length === 0 ? (
                <p className="sidebar-empty">Nothing matches “{search}”.</p>
              ) : (
                <SidebarTree
                  tree={treeRoot}
                  actions={actions}
                  view={{
                    selectedEndpointId: historyId === null ? activeId : null,
                    unsavedIds,
                    freshIds: fresh,
                    collapsedIds: collapsed,
                    renaming,
                    searching: search.trim() !== '',
                  }}
                />
              )}
            </div>
          </>
        ) : (
          <div className="sidebar-scroll">
            <HistoryList
              items={history}
              selectedId={historyId}
              onOpen={setHistoryId}
              onClear={() =>
                void act('Could not clear the history', async () => {
                  await api.clearHistory(projectId);
                  setHistoryId(null);
                  await reloadHistory();
                })
              }
            />
          </div>
        )}
      </aside>
      <main className="main">
        <div className="main-header">
          <EditorTabsBar
            tabs={tabs}
            activeId={historyId === null ? activeId : null}
            unsavedIds={unsavedIds}
            onActivate={(endpointId) => {
              setHistoryId(null);
              tabsStore.activate(endpointId);
            }}
            onClose={closeTab}
          />
          <div className="env-switcher">
            <Icon name="layers" size={14} />
            <select
              className="select select-borderless"
              aria-label="Environment"
              value={environments?.activeEnvironmentId ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                if (value === '__manage') {
                  setDialog({ kind: 'environments' });
                  return;
                }
                void act('Could not switch the environment', async () => {
                  await api.setActiveEnvironment(projectId, value === '' ? null : value);
                  await reloadEnvironments();
                });
              }}
            >
              <option value="">No environment</option>
              {environments?.environments.map((environment) => (
                <option key={environment.id} value={environment.id}>
                  {environment.name}
                </option>
              ))}
              <option value="__manage">Manage environments…</option>
            </select>
            <button
              type="button"
              className="icon-button"
              aria-label="Manage environments"
              title="Manage environments"
              onClick={() => setDialog({ kind: 'environments' })}
            >
              <Icon name="settings" size={14} />
            </button>
          </div>
        </div>
        {historyId !== null ? (
          <HistoryView
            historyId={historyId}
            endpointExists={(endpointId: string) => endpointIds.has(endpointId)}
            onOpenEndpoint={(endpointId) => void openEndpoint(endpointId)}
          />
        ) : activeTab !== null ? (
          <EndpointEditor
            key={activeTab.endpointId}
            draft={activeTab.current}
            changed={unsavedIds.has(activeTab.endpointId)}
            saving={activeTab.saving}
            scope={scope}
            response={activeTab.response}
            focusName={focusNameOf === activeTab.endpointId}
            onChange={(current) => tabsStore.update(activeTab.endpointId, (tab) => ({ ...tab, current }))}
            onSave={() => void save()}
            onSend={() => void send()}
            onCancel={cancel}
            onCopyCurl={() => void copyCurl(activeTab.endpointId)}
            onNotice={(message) => toasts.show(message)}
            onPasteCurl={(command) => setDialog({ kind: 'import', command, folderId: activeTab.current.folderId })}
          />
        ) : (
          <div className="center-state">
            <div className="center-icon">
              <Icon name="send" size={30} />
            </div>
            <h2>{tree !== null && tree.endpoints.length === 0 ? 'Start with a request' : 'Open an endpoint'}</h2>
            <p className="muted">
              Pick one in the sidebar, create a request, or paste a cURL command. Agents connected through the{' '}
              <strong>Agent</strong> panel can add endpoints here too; they appear as they are saved.
            </p>
            <div className="center-actions">
              <button type="button" className="button button-primary" onClick={() => actions.newRequest(null)}>
                <Icon name="plus" size={14} /> New request
              </button>
              <button type="button" className="button" onClick={() => setDialog({ kind: 'import' })}>
                <Icon name="terminal" size={14} /> Import from cURL
              </button>
            </div>
          </div>
        )}
      </main>

      {dialog?.kind === 'import' && (
        <ImportCurlDialog
          projectId={projectId}
          folders={tree?.folders ?? []}
          initialCommand={dialog.command ?? ''}
          initialFolderId={dialog.folderId ?? null}
          onImported={(result) => void onImported(result)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'settings' && detail !== null && (
        <ProjectSettingsDialog
          detail={detail}
          onSaved={() => {
            void reloadDetail();
            onProjectChanged();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'environments' && environments !== null && (
        <EnvironmentsDialog
          projectId={projectId}
          view={environments}
          onChanged={reloadEnvironments}
          onClose={() => setDialog(null)}
        />
      )}
      {moving !== null && (
        <MoveDialog
          item={moving}
          currentFolderId={movingFolderId}
          folders={tree?.folders ?? []}
          onMove={(folderId) => actions.move(moving, folderId)}
          onClose={() => setMoving(null)}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          title={deleting.kind === 'folder' ? 'Delete folder' : 'Delete endpoint'}
          message={
            deleting.kind === 'folder'
              ? `Delete the folder “${deleting.name}” with every folder and endpoint inside it? This cannot be undone.`
              : `Delete “${deleting.name}”? This cannot be undone.`
          }
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
      {closingTab !== null && (
        <ConfirmDialog
          title="Discard changes?"
          message="This tab has unsaved changes. Close it and lose them?"
          confirmLabel="Discard"
          onCancel={() => setClosingTab(null)}
          onConfirm={() => {
            tabsStore.close(closingTab);
            setClosingTab(null);
          }}
        />
      )}
    </div>
  );
}
