import type { ProjectListing } from '@client/core';
import { useCallback, useEffect, useState } from 'react';
import { api } from './api/client.js';
import { AgentPanel } from './components/agent-panel.js';
import { ProjectsScreen } from './components/projects-screen.js';
import { useToasts } from './components/toasts.js';
import { TopBar } from './components/top-bar.js';
import { Workspace } from './components/workspace.js';
import { useAppEvent } from './hooks/app-events.js';
import { hasUnsavedEdits } from './hooks/editor-tabs.js';
import { useHashRoute } from './hooks/use-hash-route.js';
import { useTheme } from './hooks/use-theme.js';

const AGENT_POLL_MS = 10_000;

export function App() {
  const [route, navigate] = useHashRoute();
  const [projects, setProjects] = useState<ProjectListing[] | null>(null);
  const [agentOpen, setAgentOpen] = useState(false);
  const [agentRunning, setAgentRunning] = useState<boolean | null>(null);
  const toasts = useToasts();
  const onThemeFailure = useCallback(
    (caught: unknown) => toasts.show('Could not keep the theme', { tone: 'error', detail: (caught as Error).message }),
    [toasts],
  );
  const { theme, choose } = useTheme(onThemeFailure);

  const reloadProjects = useCallback(async () => {
    try {
      setProjects(await api.listProjects());
    } catch (caught) {
      toasts.show('Could not load the projects', { tone: 'error', detail: (caught as Error).message });
    }
  }, [toasts]);

  useEffect(() => {
    void reloadProjects();
  }, [reloadProjects]);

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
    if (event.type === 'projects-changed' || route.screen === 'projects') void reloadProjects();
  });

  const openProject = route.screen === 'project' ? route.projectId : null;
  const current = projects?.find((project) => project.projectId === openProject) ?? null;

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
        />
      ) : (
        <Workspace
          key={openProject}
          projectId={openProject}
          onLeave={() => navigate({ screen: 'projects' })}
          onProjectChanged={() => void reloadProjects()}
        />
      )}
      {agentOpen && <AgentPanel onClose={() => setAgentOpen(false)} />}
    </div>
  );
}
