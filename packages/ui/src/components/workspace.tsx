import { effectiveSettings, type ImportResult, toCurlCommand } from '@client/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../api/client.js';
import { useAppEvent } from '../hooks/app-events.js';
import { editorTabsFor, useEditorTabs } from '../hooks/editor-tabs.js';
import { cancelTab, saveTab, sendTab } from '../hooks/tab-requests.js';
import { useHotkey } from '../hooks/use-hotkey.js';
import { useProjectData } from '../hooks/use-project-data.js';
import { copyText } from '../lib/clipboard.js';
import { type EditorDraft, isDraftChanged, newEndpointDraft, toEditorDraft } from '../lib/draft.js';
import { buildTree } from '../lib/tree.js';
import { mergeVariables, scopeLookup, tokenizeTemplate } from '../lib/variables.js';
import { CookieJarDialog } from './cookie-jar-dialog.js';
import { ConfirmDialog } from './dialog.js';
import { EditorTabsBar } from './editor-tabs-bar.js';
import { EndpointEditor } from './endpoint-editor.js';
import { EnvironmentSwitcher } from './environment-switcher.js';
import { EnvironmentsDialog } from './environments-dialog.js';
import { HistoryView } from './history-view.js';
import { Icon } from './icons.js';
import { ImportCurlDialog } from './import-curl-dialog.js';
import { MoveDialog } from './move-dialog.js';
import { ProjectSettingsDialog } from './project-settings-dialog.js';
import type { TreeActions, TreeItemRef } from './sidebar-tree.js';
import { useToasts } from './toasts.js';
import { useUploadConsent } from './upload-consent-dialog.js';
import { type SidebarView, WorkspaceSidebar } from './workspace-sidebar.js';

type OpenDialog =
  | { kind: 'import'; command?: string; folderId?: string | null }
  | { kind: 'settings' }
  | { kind: 'environments' }
  | { kind: 'cookies'; domain: string }
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
  const uploadConsent = useUploadConsent();

  const [sidebarView, setSidebarView] = useState<SidebarView>('requests');
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
      await copyText(toCurlCommand(draft, scopeLookup(scope, { secret: 'keep' })));
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

  const save = () => {
    if (activeTab === null) return;
    void saveTab(tabsStore, activeTab.endpointId).then(
      () => reloadTree(),
      (caught: unknown) => toasts.show('Could not save', { tone: 'error', detail: messageOf(caught) }),
    );
  };

  const send = () => {
    if (activeTab === null) return;
    const target = { projectId, environmentId: activeEnvironment?.id ?? null };
    void sendTab(tabsStore, activeTab.endpointId, target, uploadConsent.ask).then(() => reloadHistory());
  };

  const cancel = () => {
    if (activeTab !== null) cancelTab(tabsStore, activeTab.endpointId);
  };

  const onImported = async (result: ImportResult) => {
    setDialog(null);
    await reloadTree();
    await reloadDetail();
    onProjectChanged();
    await openEndpoint(result.endpointId);
    // A command to another host than base_url is saved relative to base_url: that must not read as plain success.
    toasts.show(
      `Imported ${result.name}`,
      result.warning === undefined ? { tone: 'success' } : { tone: 'warning', detail: result.warning },
    );
  };

  const noDialog = dialog === null && moving === null && deleting === null && closingTab === null;
  useHotkey('Enter', send, noDialog);
  useHotkey('s', save, noDialog);
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
      <WorkspaceSidebar
        projectName={detail?.project.name ?? null}
        view={sidebarView}
        onView={setSidebarView}
        search={search}
        onSearch={setSearch}
        searchInput={searchInput}
        tree={tree}
        treeRoot={treeRoot}
        treeView={{
          selectedEndpointId: historyId === null ? activeId : null,
          unsavedIds,
          freshIds: fresh,
          collapsedIds: collapsed,
          renaming,
          searching: search.trim() !== '',
        }}
        actions={actions}
        history={history}
        historyId={historyId}
        onOpenHistory={setHistoryId}
        onClearHistory={() =>
          void act('Could not clear the history', async () => {
            await api.clearHistory(projectId);
            setHistoryId(null);
            await reloadHistory();
          })
        }
        onSettings={() => setDialog({ kind: 'settings' })}
        onImport={() => setDialog({ kind: 'import' })}
      />
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
          <EnvironmentSwitcher
            view={environments}
            onSelect={(environmentId) =>
              void act('Could not switch the environment', async () => {
                await api.setActiveEnvironment(projectId, environmentId);
                await reloadEnvironments();
              })
            }
            onManage={() => setDialog({ kind: 'environments' })}
          />
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
            projectSettings={effectiveSettings(detail?.requestSettings ?? {}, undefined)}
            response={activeTab.response}
            focusName={focusNameOf === activeTab.endpointId}
            onChange={(current) => tabsStore.update(activeTab.endpointId, (tab) => ({ ...tab, current }))}
            onSave={save}
            onSend={send}
            onCancel={cancel}
            onCopyCurl={() => void copyCurl(activeTab.endpointId)}
            onNotice={(message) => toasts.show(message)}
            onPasteCurl={(command) => setDialog({ kind: 'import', command, folderId: activeTab.current.folderId })}
            onManageCookies={(domain) => setDialog({ kind: 'cookies', domain })}
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
      {dialog?.kind === 'cookies' && (
        <CookieJarDialog projectId={projectId} defaultDomain={dialog.domain} onClose={() => setDialog(null)} />
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
      {uploadConsent.dialog}
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
