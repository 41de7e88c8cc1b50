import type { ProjectListing } from '@client/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { api } from './api/client.js';
import type { ImportOutcome } from './api/types.js';
import { AgentSendPrompts } from './components/agent-send-prompt.js';
import { CommandPalette, type PaletteMode } from './components/command-palette.js';
import type { DroppedFile } from './components/import-collection-dialog.js';
import { ProjectsScreen } from './components/projects-screen.js';
import { useToasts } from './components/toasts.js';
import { TopBar } from './components/top-bar.js';
import type { FirstScreenData } from './first-screen-data.js';
import { useAppEvent } from './hooks/app-events.js';
import { hasUnsavedEdits } from './hooks/editor-tabs.js';
import { useFileDrop } from './hooks/use-file-drop.js';
import { useHashRoute } from './hooks/use-hash-route.js';
import { useHotkey } from './hooks/use-hotkey.js';
import { useTheme } from './hooks/use-theme.js';
import { workspaceCommands } from './hooks/use-workspace-commands.js';
import { appCommands } from './lib/app-commands.js';
import type { CollectionActions } from './lib/collection-actions.js';
import { downloadFile } from './lib/download.js';
import { counted } from './lib/format.js';

const AGENT_POLL_MS = 10_000;

/**
 * The workspace and its editors (most of the UI's code) load apart from the projects screen, so the first screen
 * paints before they are read; they are fetched once it has painted, before a project is opened.
 */
const loadWorkspace = () => import('./components/workspace.js').then((module) => ({ default: module.Workspace }));
const Workspace = lazy(loadWorkspace);
// What opens on request loads then too.
const AgentPanel = lazy(() => import('./components/agent-panel.js').then((module) => ({ default: module.AgentPanel })));
const BackupDialog = lazy(() =>
  import('./components/backup-dialog.js').then((module) => ({ default: module.BackupDialog })),
);
const RestoreDialog = lazy(() =>
  import('./components/restore-dialog.js').then((module) => ({ default: module.RestoreDialog })),
);
const ImportCollectionDialog = lazy(() =>
  import('./components/import-collection-dialog.js').then((module) => ({ default: module.ImportCollectionDialog })),
);

/**
 * `firstProjects`: the projects, asked for as the page started; the first screen shows that answer. `firstScreen`:
 * what the page came with, when the app drew the projects screen into it: the first render draws the same.
 */
export function App({
  firstProjects,
  firstScreen,
}: {
  firstProjects: Promise<ProjectListing[]>;
  firstScreen: FirstScreenData | null;
}) {
  const [route, navigate] = useHashRoute();
  const [projects, setProjects] = useState<ProjectListing[] | null>(firstScreen?.projects ?? null);
  const [agentOpen, setAgentOpen] = useState(false);
  const [agentRunning, setAgentRunning] = useState<boolean | null>(null);
  const toasts = useToasts();
  const onThemeFailure = useCallback(
    (caught: unknown) => toasts.show('Could not keep the theme', { tone: 'error', detail: (caught as Error).message }),
    [toasts],
  );
  const { theme, choose } = useTheme(firstScreen?.theme ?? null, onThemeFailure);

  const showProjects = useCallback(
    async (answer: Promise<ProjectListing[]>) => {
      try {
        setProjects(await answer);
      } catch (caught) {
        toasts.show('Could not load the projects', { tone: 'error', detail: (caught as Error).message });
      }
    },
    [toasts],
  );
  const reloadProjects = useCallback(() => showProjects(api.listProjects()), [showProjects]);

  useEffect(() => {
    void showProjects(firstProjects);
  }, [showProjects, firstProjects]);

  const listed = projects !== null;
  useEffect(() => {
    if (!listed) return;
    // After the frame that shows the projects: reading the workspace's code meanwhile would hold that frame up.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void loadWorkspace(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [listed]);

  useEffect(() => {
    const check = () =>
      api.agentStatus().then(
        (status) => setAgentRunning(status.running),
        () => setAgentRunning(null),
      );
    void check();
    const timer = setInterval(() => void check(), AGENT_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (hasUnsavedEdits()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  useAppEvent((event) => {
    // The project list follows every change; an open project refreshes itself (see Workspace).
    if (event.type === 'projects-changed' || (event.type === 'endpoint-imported' && route.screen === 'projects')) {
      void reloadProjects();
    }
  });

  const openProject = route.screen === 'project' ? route.projectId : null;
  const current = projects?.find((project) => project.projectId === openProject) ?? null;

  // Ctrl/Cmd+K: every action, endpoint and project; Ctrl/Cmd+P: go to an endpoint or project. The same key again
  // closes it; neither opens over a dialog, whose own keys come first.
  const [palette, setPalette] = useState<PaletteMode | null>(null);
  const togglePalette = (mode: PaletteMode) => {
    if (palette === null && document.querySelector('[aria-modal="true"]') !== null) return;
    setPalette(palette === mode ? null : mode);
  };
  useHotkey('k', () => togglePalette('commands'));
  useHotkey('p', () => togglePalette('go-to'));

  const [importing, setImporting] = useState<{
    projectId: string | null;
    dropped: DroppedFile | null;
    key: number;
  } | null>(null);
  const [backupOpen, setBackupOpen] = useState(false);
  const [restoreOpen, setRestoreOpen] = useState(false);
  const onDropped = useCallback(
    (file: DroppedFile) =>
      setImporting((open) => ({
        projectId: open?.projectId ?? openProject,
        dropped: file,
        // A second drop starts the dialog again with that file.
        key: (open?.key ?? 0) + 1,
      })),
    [openProject],
  );
  const dragging = useFileDrop(!backupOpen && !restoreOpen, onDropped);

  const collections = useMemo<CollectionActions>(
    () => ({
      importInto: (projectId) => setImporting({ projectId, dropped: null, key: 0 }),
      backup: () => setBackupOpen(true),
      restore: () => setRestoreOpen(true),
      exportAs: (projectId, format, folderId) => {
        api.exportProject(projectId, format, folderId).then(
          (file) => {
            downloadFile(file);
            toasts.show(
              `Exported ${file.fileName}`,
              file.warnings.length === 0 ? { tone: 'success' } : { tone: 'warning', detail: file.warnings.join('\n') },
            );
          },
          (caught: unknown) => toasts.show('Could not export', { tone: 'error', detail: (caught as Error).message }),
        );
      },
    }),
    [toasts],
  );

  const onImported = async (outcome: ImportOutcome) => {
    setImporting(null);
    await reloadProjects();
    if (outcome.projectId !== null) navigate({ screen: 'project', projectId: outcome.projectId });
    const extra = [
      outcome.updated.endpoints > 0 ? `${outcome.updated.endpoints} updated` : '',
      outcome.skipped.length > 0 ? `${outcome.skipped.length} skipped` : '',
    ].filter((part) => part !== '');
    const { warnings } = outcome;
    const more = warnings.length > 2 ? ` (and ${warnings.length - 2} more)` : '';
    // An environment file brings environments only; its toast says so rather than "0 endpoints".
    const what =
      outcome.created.endpoints === 0 && outcome.updated.endpoints === 0 && outcome.created.environments > 0
        ? counted(outcome.created.environments, 'environment')
        : counted(outcome.created.endpoints, 'endpoint');
    toasts.show(
      `Imported ${what}${extra.length > 0 ? ` (${extra.join(', ')})` : ''} into ${outcome.projectName}`,
      warnings.length === 0
        ? { tone: 'success' }
        : { tone: 'warning', detail: `${warnings.slice(0, 2).join(' · ')}${more}` },
    );
  };

  return (
    <div className="app">
      <TopBar
        project={current}
        agentRunning={agentRunning}
        theme={theme}
        onTheme={choose}
        onProjects={() => {
          navigate({ screen: 'projects' });
          void reloadProjects();
        }}
        onAgent={() => setAgentOpen(true)}
      />
      {openProject === null ? (
        <ProjectsScreen
          projects={projects}
          onOpen={(projectId) => navigate({ screen: 'project', projectId })}
          onChanged={reloadProjects}
          collections={collections}
        />
      ) : (
        <Suspense fallback={null}>
          <Workspace
            key={openProject}
            projectId={openProject}
            onLeave={() => navigate({ screen: 'projects' })}
            onProjectChanged={() => void reloadProjects()}
            collections={collections}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>{agentOpen && <AgentPanel onClose={() => setAgentOpen(false)} />}</Suspense>
      {palette !== null && (
        <CommandPalette
          key={palette}
          mode={palette}
          commands={() => [
            ...workspaceCommands(),
            ...appCommands({
              projects: projects ?? [],
              openProject,
              collections,
              openProjects: () => navigate({ screen: 'projects' }),
              open: (projectId) => navigate({ screen: 'project', projectId }),
              chooseTheme: choose,
              openAgent: () => setAgentOpen(true),
            }),
          ]}
          onClose={() => setPalette(null)}
        />
      )}
      <AgentSendPrompts />
      <Suspense fallback={null}>
        {importing !== null && (
          <ImportCollectionDialog
            key={importing.key}
            projects={projects ?? []}
            initialProjectId={importing.projectId}
            dropped={importing.dropped}
            onImported={(outcome) => void onImported(outcome)}
            onClose={() => setImporting(null)}
          />
        )}
        {backupOpen && (
          <BackupDialog
            onDone={(summary) => {
              setBackupOpen(false);
              toasts.show('Backup downloaded', { tone: 'success', detail: summary });
            }}
            onClose={() => setBackupOpen(false)}
          />
        )}
        {restoreOpen && (
          <RestoreDialog onRestored={() => void reloadProjects()} onClose={() => setRestoreOpen(false)} />
        )}
      </Suspense>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <div className="drop-overlay-card">
            <strong>Drop to import</strong>
            <span>OpenAPI, Swagger, Postman, Insomnia or HAR</span>
          </div>
        </div>
      )}
    </div>
  );
}
