import { type Endpoint, type EndpointExample, effectiveSettings, type ImportResult } from '@client/core';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { api } from '../api/client.js';
import { useAppEvent } from '../hooks/app-events.js';
import { editorTabsFor, useEditorTabs } from '../hooks/editor-tabs.js';
import { useFreshImports } from '../hooks/use-fresh-imports.js';
import { useLayout, useLayoutFailures } from '../hooks/use-layout.js';
import { useLinkedFolder } from '../hooks/use-linked-folder.js';
import { useMocks } from '../hooks/use-mocks.js';
import { useProjectData } from '../hooks/use-project-data.js';
import { useRestoredTabs } from '../hooks/use-restored-tabs.js';
import { useRunList } from '../hooks/use-run-list.js';
import { useTabCommands } from '../hooks/use-tab-commands.js';
import { type Act, useTreeActions } from '../hooks/use-tree-actions.js';
import { useWorkspaceCommands } from '../hooks/use-workspace-commands.js';
import { useWorkspaceHotkeys } from '../hooks/use-workspace-hotkeys.js';
import type { CollectionActions } from '../lib/collection-actions.js';
import { copyAs, exportedCode } from '../lib/copy-curl.js';
import { isDraftChanged, toEditorDraft } from '../lib/draft.js';
import { EXPORT_FORMATS } from '../lib/export/code-export.js';
import { messageOf } from '../lib/message-of.js';
import { shortcutLabel } from '../lib/shortcut.js';
import { filterTree, sortedTree } from '../lib/tree.js';
import { mergeVariables } from '../lib/variables.js';
import { buildWorkspaceCommands } from '../lib/workspace-commands.js';
import { CodeExportDialog } from './code-export-dialog.js';
import { useEditorSplit } from './editor-split.js';
import { EditorTabsBar } from './editor-tabs-bar.js';
import { EndpointEditor } from './endpoint-editor.js';
import { EnvironmentSwitcher } from './environment-switcher.js';
import { FileConflictDialog } from './file-conflict-dialog.js';
import { FolderProblemsDialog } from './folder-problems-dialog.js';
import { HistoryView } from './history-view.js';
import { Icon } from './icons.js';
import { LinkFolderDialog } from './link-folder-dialog.js';
import { LinkStatusLine } from './link-status-line.js';
import { RunList } from './run-list.js';
import { Splitter } from './splitter.js';
import { useToasts } from './toasts.js';
import { UnlinkFolderDialog } from './unlink-folder-dialog.js';
import { useUploadConsent } from './upload-consent-dialog.js';
import { WebSocketEditor } from './websocket-editor.js';
import { type OpenDialog, WorkspaceDialogs } from './workspace-dialogs.js';
import { type SidebarView, WorkspaceSidebar } from './workspace-sidebar.js';
import { WorkspaceStart } from './workspace-start.js';

/** The runner and its load test load when first opened: most sessions never run a collection. */
const RunnerView = lazy(() => import('./runner-view.js').then((module) => ({ default: module.RunnerView })));
/** An MCP endpoint's view loads when one is first opened. */
const McpEndpointView = lazy(() =>
  import('./mcp-endpoint-view.js').then((module) => ({ default: module.McpEndpointView })),
);
/** The Mock view loads when first opened, as the runner does. */
const MockView = lazy(() => import('./mock-view.js').then((module) => ({ default: module.MockView })));

/** What the runner shows: a new run of the project (null) or a folder, or a kept run; `key` starts it afresh. */
interface RunnerTarget {
  folderId: string | null;
  runId: string | null;
  key: number;
}

/** What the Mock view starts on: the project (null) or a folder; `key` opens it afresh. */
interface MockTarget {
  folderId: string | null;
  key: number;
}

/** The sidebar's narrowest and widest, in CSS pixels (as the app's layout preference allows). */
const SIDEBAR_MIN = 180;
const SIDEBAR_MAX = 640;

interface WorkspaceProps {
  projectId: string;
  onLeave: () => void;
  /** The project's name, description or endpoint count changed: the project list must follow. */
  onProjectChanged: () => void;
  collections: CollectionActions;
}

export function Workspace({ projectId, onLeave, onProjectChanged, collections }: WorkspaceProps) {
  const data = useProjectData(projectId);
  const { detail, tree, environments, history, reloadTree, reloadHistory, reloadEnvironments, reloadDetail } = data;
  const tabsStore = editorTabsFor(projectId);
  const { tabs, activeId } = useEditorTabs(tabsStore);
  const toasts = useToasts();
  const uploadConsent = useUploadConsent();
  const fresh = useFreshImports(projectId, data, toasts);
  const linked = useLinkedFolder(projectId, tabsStore, data, toasts);
  const [linkDialog, setLinkDialog] = useState<'link' | 'unlink' | 'problems' | null>(null);
  const onTabsFailure = useCallback(
    (caught: unknown) => toasts.show('Could not keep the open tabs', { tone: 'error', detail: messageOf(caught) }),
    [toasts],
  );
  useRestoredTabs(projectId, tabsStore, onTabsFailure);

  const [sidebarView, setSidebarView] = useState<SidebarView>('requests');
  const [search, setSearch] = useState('');
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [runner, setRunner] = useState<RunnerTarget | null>(null);
  const [mock, setMock] = useState<MockTarget | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  /** The endpoint whose code is shown before it is copied, and the format picked first. */
  const [exporting, setExporting] = useState<{ endpointId: string; format: string } | null>(null);
  const [focusNameOf, setFocusNameOf] = useState<string | null>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const { layout, change: changeLayout } = useLayout();
  useLayoutFailures(
    useCallback(
      (caught: unknown) => toasts.show('Could not keep the layout', { tone: 'error', detail: messageOf(caught) }),
      [toasts],
    ),
  );
  const split = useEditorSplit();
  const sidebarId = useId();
  const collapsed = layout.sidebarCollapsed;
  const toggleSidebar = () => changeLayout({ sidebarCollapsed: !collapsed });

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
  const sorted = useMemo(() => sortedTree(tree?.folders ?? [], tree?.endpoints ?? []), [tree]);
  const treeRoot = useMemo(() => filterTree(sorted, search), [sorted, search]);
  // The set of the project's endpoint ids is made when first asked, so a project of 10,000 endpoints opened with no
  // tab open never makes it.
  const hasEndpoint = useMemo(() => {
    let ids: ReadonlySet<string> | null = null;
    return (endpointId: string) => {
      ids ??= new Set(tree?.endpoints.map((endpoint) => endpoint.id));
      return ids.has(endpointId);
    };
  }, [tree]);

  // Tabs of endpoints deleted here or elsewhere close once the tree no longer has them.
  useEffect(() => {
    if (tree !== null) tabsStore.keepOnly(hasEndpoint);
  }, [tree, hasEndpoint, tabsStore]);

  const runList = useRunList(projectId, sidebarView === 'runs');
  const running = useMocks();
  const mockCount = running.mocks?.filter((mock) => mock.projectId === projectId).length ?? 0;
  // An agent needs no consent to start a mock (it sends nothing), so the person hears of it here.
  useAppEvent((event) => {
    if (event.type === 'mock-started' && event.mock.startedBy === 'agent' && event.mock.projectId === projectId) {
      toasts.show('An agent started a mock of this project', { detail: event.mock.url });
    }
  });
  const openRunner = useCallback((folderId: string | null, runId: string | null = null) => {
    setHistoryId(null);
    setMock(null);
    setRunner((current) => ({ folderId, runId, key: (current?.key ?? 0) + 1 }));
  }, []);

  const openMock = useCallback((folderId: string | null) => {
    setHistoryId(null);
    setRunner(null);
    setMock((current) => ({ folderId, key: (current?.key ?? 0) + 1 }));
  }, []);

  const openEndpoint = useCallback(
    async (endpointId: string) => {
      setHistoryId(null);
      setRunner(null);
      setMock(null);
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

  const act: Act = async (failure, action) => {
    try {
      await action();
    } catch (caught) {
      toasts.show(failure, { tone: 'error', detail: messageOf(caught) });
    }
  };

  /** The endpoint as it is sent: an endpoint that inherits its auth is written with the auth it is sent with. */
  const sentDraft = async (endpointId: string) => {
    const draft = tabsStore.tab(endpointId)?.current ?? toEditorDraft(await api.getEndpoint(endpointId));
    const auth = draft.auth.type === 'inherit' ? (await api.inheritedAuth(projectId, draft.folderId)).auth : draft.auth;
    return { ...draft, auth };
  };

  const showCopied = (format: string, secretsLeftOut: boolean) => {
    const label = EXPORT_FORMATS.find((candidate) => candidate.id === format)?.label ?? format;
    toasts.show(`Copied as ${label}`, {
      tone: 'success',
      ...(secretsLeftOut ? { detail: 'Secret variables are left as {{name}} placeholders.' } : {}),
    });
  };

  const copyCurl = (endpointId: string) =>
    act('Could not copy', async () => {
      const { secretsLeftOut } = await copyAs('curl', await sentDraft(endpointId), scope);
      showCopied('curl', secretsLeftOut);
    });

  const exportingId = exporting?.endpointId ?? null;
  // Stable per endpoint, so the dialog writes the code again only when its format changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft and scope are read when a format is picked
  const loadCode = useCallback(
    async (format: string) => exportedCode(format, await sentDraft(exportingId ?? ''), scope),
    [exportingId],
  );

  const treeState = useTreeActions({
    projectId,
    tabs: tabsStore,
    act,
    reloadTree,
    openEndpoint: (endpointId) => void openEndpoint(endpointId),
    copyCurl: (endpointId) => void copyCurl(endpointId),
    onCreated: (endpointId) => {
      setHistoryId(null);
      setRunner(null);
      setMock(null);
      setFocusNameOf(endpointId);
    },
    showDeleted: (name) => toasts.show(`Deleted ${name}`),
  });

  const tab = useTabCommands({
    projectId,
    tabs: tabsStore,
    activeTab,
    unsavedIds,
    environmentId: activeEnvironment?.id ?? null,
    askUpload: uploadConsent.ask,
    reloadTree,
    reloadHistory,
    toasts,
  });

  const treeActions = useMemo(
    () => ({
      ...treeState.actions,
      exportFolder: (folderId: string, format: 'openapi' | 'postman') =>
        collections.exportAs(projectId, format, folderId),
      editFolderAuth: (folderId: string) => setDialog({ kind: 'auth', folderId }),
      editFolderScripts: (folderId: string) => setDialog({ kind: 'scripts', folderId }),
      runFolder: (folderId: string) => openRunner(folderId),
      mockFolder: (folderId: string) => openMock(folderId),
    }),
    [treeState.actions, collections, projectId, openRunner, openMock],
  );

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

  const exampleSaved = (endpoint: Endpoint, example: EndpointExample) => {
    tabsStore.exampleAdded(endpoint, example);
    toasts.show(`Saved example “${example.name}” of ${endpoint.name}`, { tone: 'success' });
  };

  const switchEnvironment = (environmentId: string | null) =>
    void act('Could not switch the environment', async () => {
      await api.setActiveEnvironment(projectId, environmentId);
      await reloadEnvironments();
    });

  const dialogOpen =
    dialog !== null ||
    exporting !== null ||
    treeState.moving !== null ||
    treeState.deleting !== null ||
    tab.closingTab !== null;
  const searchSidebar = () => {
    changeLayout({ sidebarCollapsed: false });
    setSidebarView('requests');
    setTimeout(() => searchInput.current?.focus(), 0);
  };
  useWorkspaceHotkeys(dialogOpen, activeTab?.response.kind === 'sending', {
    send: tab.send,
    save: tab.save,
    cancel: tab.cancel,
    search: searchSidebar,
    toggleSidebar,
  });
  useWorkspaceCommands(() =>
    buildWorkspaceCommands(
      {
        endpoints: tree?.endpoints ?? [],
        folders: tree?.folders ?? [],
        environments: environments?.environments ?? [],
        activeEnvironmentId: environments?.activeEnvironmentId ?? null,
        editing: activeTab !== null && historyId === null && runner === null && mock === null,
        sidebarCollapsed: collapsed,
        split,
      },
      {
        openEndpoint: (endpointId) => void openEndpoint(endpointId),
        newRequest: () => treeState.actions.newRequest(null),
        newFolder: () => {
          changeLayout({ sidebarCollapsed: false });
          setSidebarView('requests');
          treeState.actions.newFolder(null);
        },
        importCurl: () => setDialog({ kind: 'import' }),
        manageEnvironments: () => setDialog({ kind: 'environments' }),
        useEnvironment: (environmentId) => switchEnvironment(environmentId),
        projectSettings: () => setDialog({ kind: 'settings' }),
        projectAuth: () => setDialog({ kind: 'auth', folderId: null }),
        projectScripts: () => setDialog({ kind: 'scripts', folderId: null }),
        run: openRunner,
        mock: openMock,
        exportAs: (format) => collections.exportAs(projectId, format),
        searchSidebar,
        showHistory: () => {
          changeLayout({ sidebarCollapsed: false });
          setSidebarView('history');
        },
        toggleSidebar,
        changeLayout,
        send: tab.send,
        save: tab.save,
        copyCurl: () => activeTab !== null && void copyCurl(activeTab.endpointId),
      },
    ),
  );

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

  return (
    <div
      className="workspace"
      style={{ gridTemplateColumns: collapsed ? '1px minmax(0, 1fr)' : `${layout.sidebarWidth}px 1px minmax(0, 1fr)` }}
    >
      <WorkspaceSidebar
        id={sidebarId}
        hidden={collapsed}
        onHide={toggleSidebar}
        projectName={detail?.project.name ?? null}
        view={sidebarView}
        onView={setSidebarView}
        search={search}
        onSearch={setSearch}
        searchInput={searchInput}
        tree={tree}
        treeRoot={treeRoot}
        treeView={{
          selectedEndpointId: historyId === null && runner === null && mock === null ? activeId : null,
          unsavedIds,
          freshIds: fresh,
          changedIds: linked.changedIds,
          collapsedIds: treeState.collapsed,
          renaming: treeState.renaming,
          searching: search.trim() !== '',
        }}
        actions={treeActions}
        history={history}
        historyId={historyId}
        onOpenHistory={(id) => {
          setRunner(null);
          setMock(null);
          setHistoryId(id);
        }}
        runList={
          <RunList
            runs={runList.runs}
            error={runList.error}
            selectedId={runner?.runId ?? null}
            onOpen={(run) => openRunner(run.folderId, run.id)}
            onNewRun={() => openRunner(null)}
          />
        }
        onClearHistory={() => setDialog({ kind: 'clear-history' })}
        onSettings={() => setDialog({ kind: 'settings' })}
        onImport={() => setDialog({ kind: 'import' })}
        onMock={() => openMock(null)}
        mockCount={mockCount}
        footer={<LinkStatusLine link={linked.link} onShowProblems={() => setLinkDialog('problems')} />}
        projectMenu={[
          { label: 'Link to folder…', onSelect: () => setLinkDialog('link') },
          ...(linked.link?.linked === true
            ? [{ label: 'Unlink from folder…', onSelect: () => setLinkDialog('unlink') }]
            : []),
          { label: 'Import a collection…', onSelect: () => collections.importInto(projectId) },
          { label: 'Export as OpenAPI 3.1', onSelect: () => collections.exportAs(projectId, 'openapi') },
          { label: 'Export as Postman v2.1', onSelect: () => collections.exportAs(projectId, 'postman') },
          { label: 'Back up all projects…', onSelect: collections.backup },
          { label: 'Restore from a backup…', onSelect: collections.restore },
          { label: 'Run project…', onSelect: () => openRunner(null) },
          { label: 'Mock project…', onSelect: () => openMock(null) },
          { label: 'Project auth…', onSelect: () => setDialog({ kind: 'auth', folderId: null }) },
          { label: 'Project scripts…', onSelect: () => setDialog({ kind: 'scripts', folderId: null }) },
          { label: 'Project settings', onSelect: () => setDialog({ kind: 'settings' }) },
        ]}
      />
      <Splitter
        label="Resize the sidebar"
        controls={sidebarId}
        orientation="vertical"
        value={collapsed ? 0 : layout.sidebarWidth}
        min={SIDEBAR_MIN}
        max={SIDEBAR_MAX}
        valueText={collapsed ? 'Sidebar hidden' : `Sidebar ${layout.sidebarWidth} pixels wide`}
        step={16}
        pixelsPerUnit={() => 1}
        onChange={(sidebarWidth) => changeLayout({ sidebarWidth, sidebarCollapsed: false })}
        onToggleCollapse={toggleSidebar}
      />
      <main className="main">
        <div className="main-header">
          {collapsed && (
            <button
              type="button"
              className="icon-button sidebar-toggle"
              aria-label="Show the sidebar"
              title={`Show the sidebar (${shortcutLabel('B')})`}
              onClick={toggleSidebar}
            >
              <Icon name="sidebar" />
            </button>
          )}
          <EditorTabsBar
            tabs={tabs}
            activeId={historyId === null && runner === null && mock === null ? activeId : null}
            unsavedIds={unsavedIds}
            onActivate={(endpointId) => {
              setHistoryId(null);
              setRunner(null);
              setMock(null);
              tabsStore.activate(endpointId);
            }}
            onClose={tab.close}
          />
          <EnvironmentSwitcher
            view={environments}
            onSelect={switchEnvironment}
            onManage={() => setDialog({ kind: 'environments' })}
          />
          <button
            type="button"
            className="icon-button layout-toggle"
            aria-label={split === 'horizontal' ? 'Put the response below' : 'Put the response beside'}
            title={
              split === 'horizontal' ? 'Put the response below the request' : 'Put the response beside the request'
            }
            onClick={() => changeLayout({ split: split === 'horizontal' ? 'vertical' : 'horizontal' })}
          >
            <Icon name={split === 'horizontal' ? 'split-below' : 'split-beside'} />
          </button>
        </div>
        {mock !== null && tree !== null ? (
          <Suspense fallback={<div className="editor-placeholder muted">Loading the mock view…</div>}>
            <MockView
              key={mock.key}
              projectId={projectId}
              projectName={detail?.project.name ?? ''}
              folders={tree.folders}
              folderId={mock.folderId}
              running={running}
              onClose={() => setMock(null)}
              onNotice={(message, tone, detail) =>
                toasts.show(message, { tone, ...(detail === undefined ? {} : { detail }) })
              }
            />
          </Suspense>
        ) : runner !== null && tree !== null ? (
          <Suspense fallback={<div className="editor-placeholder muted">Loading the runner…</div>}>
            <RunnerView
              key={runner.key}
              projectId={projectId}
              projectName={detail?.project.name ?? ''}
              folderId={runner.folderId}
              runId={runner.runId}
              tree={tree}
              environments={environments}
              onClose={() => setRunner(null)}
              onDeleted={() => {
                setRunner(null);
                void runList.reload();
              }}
              onNotice={(message, tone, detail) =>
                toasts.show(message, { tone, ...(detail === undefined ? {} : { detail }) })
              }
            />
          </Suspense>
        ) : historyId !== null ? (
          <HistoryView
            historyId={historyId}
            endpointExists={hasEndpoint}
            onOpenEndpoint={(endpointId) => void openEndpoint(endpointId)}
            onExampleSaved={exampleSaved}
          />
        ) : activeTab !== null && activeTab.current.kind === 'websocket' ? (
          <WebSocketEditor
            key={activeTab.endpointId}
            tabKey={activeTab.endpointId}
            endpointId={activeTab.isNew === true ? null : activeTab.endpointId}
            draft={activeTab.current}
            changed={unsavedIds.has(activeTab.endpointId) || activeTab.isNew === true}
            saving={activeTab.saving}
            scope={scope}
            authPlace={{
              projectId,
              environmentId: activeEnvironment?.id ?? null,
              folderId: activeTab.current.folderId,
            }}
            projectSettings={effectiveSettings(detail?.requestSettings ?? {}, undefined)}
            onChange={(current) => tabsStore.update(activeTab.endpointId, (tab) => ({ ...tab, current }))}
            onSave={tab.save}
            onNotice={(message) => toasts.show(message)}
          />
        ) : activeTab?.current.kind === 'mcp' ? (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <McpEndpointView
              key={activeTab.endpointId}
              draft={activeTab.current}
              changed={unsavedIds.has(activeTab.endpointId) || activeTab.isNew === true}
              saving={activeTab.saving}
              scope={scope}
              place={{ projectId, environmentId: activeEnvironment?.id ?? null, folderId: activeTab.current.folderId }}
              endpointId={activeTab.isNew === true ? null : activeTab.endpointId}
              onChange={(current) => tabsStore.update(activeTab.endpointId, (tab) => ({ ...tab, current }))}
              onSave={tab.save}
            />
          </Suspense>
        ) : activeTab !== null ? (
          <EndpointEditor
            key={activeTab.endpointId}
            draft={activeTab.current}
            // A new request can be saved as it is; its unsaved dot shows only once it was edited.
            changed={unsavedIds.has(activeTab.endpointId) || activeTab.isNew === true}
            saving={activeTab.saving}
            scope={scope}
            authPlace={{
              projectId,
              environmentId: activeEnvironment?.id ?? null,
              folderId: activeTab.current.folderId,
            }}
            projectSettings={effectiveSettings(detail?.requestSettings ?? {}, undefined)}
            response={activeTab.response}
            focusName={focusNameOf === activeTab.endpointId}
            savedEndpointId={activeTab.isNew === true ? null : activeTab.endpointId}
            onChange={(current) => tabsStore.update(activeTab.endpointId, (tab) => ({ ...tab, current }))}
            onSave={tab.save}
            onSend={tab.send}
            onCancel={tab.cancel}
            onCopyAs={(format) =>
              format === 'curl'
                ? void copyCurl(activeTab.endpointId)
                : setExporting({ endpointId: activeTab.endpointId, format })
            }
            onNotice={(message) => toasts.show(message)}
            onPasteCurl={(command) => setDialog({ kind: 'import', command, folderId: activeTab.current.folderId })}
            onManageCookies={(domain) => setDialog({ kind: 'cookies', domain })}
            environmentInUse={activeEnvironment !== null}
            saveExample={{ endpointId: activeTab.isNew === true ? null : activeTab.endpointId, onSaved: exampleSaved }}
            onKeepVariables={async (checksId, keep) => {
              await api.keepVariables(checksId, keep);
              await Promise.all([reloadEnvironments(), reloadDetail()]);
            }}
          />
        ) : (
          <WorkspaceStart
            empty={tree !== null && tree.endpoints.length === 0}
            onNewRequest={() => treeState.actions.newRequest(null)}
            onImport={() => setDialog({ kind: 'import' })}
          />
        )}
      </main>
      <WorkspaceDialogs
        projectId={projectId}
        data={data}
        scope={scope}
        environmentId={activeEnvironment?.id ?? null}
        dialog={dialog}
        onCloseDialog={() => setDialog(null)}
        onImported={(result) => void onImported(result)}
        onClearHistory={() =>
          void act('Could not clear the history', async () => {
            await api.clearHistory(projectId);
            setHistoryId(null);
            await reloadHistory();
          })
        }
        onProjectChanged={onProjectChanged}
        moving={treeState.moving}
        onMove={treeState.actions.move}
        onCancelMove={treeState.cancelMove}
        deleting={treeState.deleting}
        onDelete={treeState.confirmDelete}
        onCancelDelete={treeState.cancelDelete}
        closingTab={tab.closingTab}
        onDiscardTab={tab.discard}
        onKeepTab={tab.keep}
        uploadConsent={uploadConsent.dialog}
        onSaved={(message) => toasts.show(message, { tone: 'success' })}
      />
      {linkDialog === 'link' && (
        <LinkFolderDialog
          mode="link"
          onClose={() => setLinkDialog(null)}
          onSubmit={async (folder) => {
            await api.linkFolder(projectId, folder);
            setLinkDialog(null);
            toasts.show('Linked to the folder', { tone: 'success', detail: folder });
            await Promise.all([data.reloadAll(), linked.reload()]);
            onProjectChanged();
          }}
        />
      )}
      {linkDialog === 'unlink' && linked.link?.linked === true && (
        <UnlinkFolderDialog
          folder={linked.link.folder}
          onClose={() => setLinkDialog(null)}
          onUnlink={async () => {
            const { folder } = await api.unlinkFolder(projectId);
            setLinkDialog(null);
            toasts.show('Unlinked from the folder', { tone: 'success', detail: `The files stay in ${folder}` });
            await linked.reload();
          }}
        />
      )}
      {linkDialog === 'problems' && linked.link?.linked === true && (
        <FolderProblemsDialog
          folder={linked.link.folder}
          problems={linked.link.problems}
          onClose={() => setLinkDialog(null)}
        />
      )}
      {linked.conflict !== null && (
        <FileConflictDialog
          key={linked.conflict.endpointId}
          name={linked.conflict.name}
          onKeepMine={linked.keepMine}
          onTakeTheFiles={() => void linked.takeTheFiles()}
        />
      )}
      {exporting !== null && (
        <CodeExportDialog
          format={exporting.format}
          load={loadCode}
          onCopied={(format, secretsLeftOut) => {
            setExporting(null);
            showCopied(format, secretsLeftOut);
          }}
          onClose={() => setExporting(null)}
        />
      )}
    </div>
  );
}
