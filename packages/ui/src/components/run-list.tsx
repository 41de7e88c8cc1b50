import type { RunSummary } from '@client/core';
import { formatWhen } from '../lib/format.js';

interface RunListProps {
  /** Null while loading. */
  runs: readonly RunSummary[] | null;
  error: string | null;
  selectedId: string | null;
  onOpen: (run: RunSummary) => void;
  onNewRun: () => void;
}

const SOURCES: Record<RunSummary['source'], string | null> = { person: null, agent: 'agent', cli: 'CLI' };

/** The project's kept runs, newest first, like History: each opens its results in the runner. */
export function RunList({ runs, error, selectedId, onOpen, onNewRun }: RunListProps) {
  const start = (
    <button type="button" className="button button-small run-list-new" onClick={onNewRun}>
      Run the project…
    </button>
  );
  if (error !== null) return <p className="sidebar-empty form-error">{error}</p>;
  if (runs === null) return <p className="sidebar-empty">Loading…</p>;
  if (runs.length === 0) {
    return (
      <div className="sidebar-empty">
        <p>Runs of the project or a folder show up here, newest first.</p>
        {start}
      </div>
    );
  }
  return (
    <div className="history-list">
      {start}
      <ul aria-label="Runs">
        {runs.map((run) => {
          const source = SOURCES[run.source];
          return (
            <li key={run.id}>
              <button
                type="button"
                className={run.id === selectedId ? 'history-item history-item-selected' : 'history-item'}
                onClick={() => onOpen(run)}
              >
                <span className={`run-status run-status-${run.status}`}>{run.status}</span>
                <span className="history-url run-list-name" title={run.name}>
                  {run.name}
                </span>
                <span className="history-meta">
                  <span>
                    {run.requests.total} req
                    {run.assertions.failed > 0 && ` · ${run.assertions.failed} failed`}
                  </span>
                  <span>{formatWhen(run.startedAt)}</span>
                  {source !== null && <span className="history-agent">{source}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
