import type { ProjectListing } from '@client/core';
import type { Preferences } from '../api/types.js';
import { useEventConnection } from '../hooks/app-events.js';
import { Icon } from './icons.js';

interface TopBarProps {
  project: ProjectListing | null;
  agentRunning: boolean | null;
  theme: Preferences['theme'];
  onTheme: (theme: Preferences['theme']) => void;
  onProjects: () => void;
  onAgent: () => void;
}

export function TopBar({ project, agentRunning, theme, onTheme, onProjects, onAgent }: TopBarProps) {
  const connection = useEventConnection();
  return (
    <header className="top-bar">
      <button type="button" className="brand" onClick={onProjects} aria-label="Client, back to projects">
        <span className="brand-mark" aria-hidden="true">
          <Icon name="send" size={14} />
        </span>
        <span className="brand-name">Client</span>
      </button>
      <nav className="breadcrumb" aria-label="Location">
        <button type="button" className="crumb" onClick={onProjects}>
          Projects
        </button>
        {project !== null && (
          <>
            <span className="crumb-separator" aria-hidden="true">
              /
            </span>
            <span className="crumb crumb-current" aria-current="page" title={project.name}>
              {project.name}
            </span>
          </>
        )}
      </nav>
      <div className="toolbar-spacer" />
      {/* Not while the first connection opens: nothing was missed yet. */}
      {(connection === 'reconnecting' || connection === 'closed') && (
        <span className="live-state" title="Live updates from agents are paused until the app answers again">
          Reconnecting…
        </span>
      )}
      <select
        className="select theme-select"
        aria-label="Theme"
        value={theme}
        onChange={(event) => onTheme(event.target.value as Preferences['theme'])}
      >
        <option value="system">System theme</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
      <button type="button" className="button button-ghost agent-button" onClick={onAgent}>
        <span
          className={
            agentRunning === null
              ? 'status-dot'
              : agentRunning
                ? 'status-dot status-dot-up'
                : 'status-dot status-dot-down'
          }
          aria-hidden="true"
        />
        Agent
      </button>
    </header>
  );
}
