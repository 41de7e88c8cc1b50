import type { RunStatus } from '@client/core';
import { useState } from 'react';
import { counted, formatDuration } from '../lib/format.js';
import { executionVerdict, failedItemIds, type LiveRun, progressOf } from '../lib/live-run.js';
import { Icon } from './icons.js';
import { RunExecutionItem } from './run-execution-item.js';

/** How many executions are drawn at first, and added by each "Show more". */
const PAGE = 200;

const STATUS_WORDS: Record<RunStatus, string> = {
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  error: 'Stopped by an error',
};

interface RunReportProps {
  run: LiveRun;
  onCancel: () => void;
  /** Runs the requests that failed again; absent while running. */
  onRerunFailed: (itemIds: string[]) => void;
  onExport: (format: 'json' | 'junit') => void;
  onNewRun: () => void;
  onDelete: () => void;
}

/**
 * A run as it goes and as it ended: its progress (Cancel while it runs), then its counts, each request's line with its
 * checks, and what can be done with it: run the failed ones again, export newman JSON or JUnit, delete it.
 */
export function RunReport({ run, onCancel, onRerunFailed, onExport, onNewRun, onDelete }: RunReportProps) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const { summary, stats } = run;
  const running = summary.status === 'running';
  const failedIds = failedItemIds(run.executions);
  const listed = onlyFailed
    ? run.executions.filter((execution) => executionVerdict(execution) === 'failed')
    : run.executions;
  const progress = progressOf(run);
  const requests = stats?.requests ?? summary.requests;
  const assertions = stats?.assertions ?? summary.assertions;
  const duration = summary.finishedAt === null ? null : Date.parse(summary.finishedAt) - Date.parse(summary.startedAt);
  return (
    <div className="run-report">
      <div className="run-report-bar">
        <span className={`run-status run-status-${summary.status}`} data-testid="run-status">
          {STATUS_WORDS[summary.status]}
        </span>
        <span className="muted">
          {counted(requests.total, 'request')}
          {requests.failed > 0 && ` (${requests.failed} without answer)`} · {counted(assertions.total, 'check')}
          {assertions.failed > 0 && ` (${assertions.failed} failed)`}
          {summary.iterations > 1 && ` · ${summary.iterations} iterations`}
          {duration !== null && ` · ${formatDuration(duration)}`}
        </span>
        <div className="run-report-actions">
          {running ? (
            <button type="button" className="button" onClick={onCancel}>
              <Icon name="stop" size={14} /> Cancel run
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button"
                disabled={failedIds.length === 0}
                onClick={() => onRerunFailed(failedIds)}
              >
                <Icon name="play" size={14} /> Rerun failed{failedIds.length > 0 && ` (${failedIds.length})`}
              </button>
              <button type="button" className="button button-ghost" onClick={() => onExport('json')}>
                <Icon name="download" size={14} /> JSON
              </button>
              <button type="button" className="button button-ghost" onClick={() => onExport('junit')}>
                <Icon name="download" size={14} /> JUnit
              </button>
              <button type="button" className="button button-ghost" onClick={onDelete}>
                Delete
              </button>
              <button type="button" className="button button-primary" onClick={onNewRun}>
                New run
              </button>
            </>
          )}
        </div>
      </div>
      {running && (
        <div
          className="run-progress"
          role="progressbar"
          aria-label="Run progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div className="run-progress-fill" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
      {summary.error !== undefined && (
        <p className="form-error" role="alert">
          {summary.error}
        </p>
      )}
      {run.cut && (
        <p className="response-warning">
          This run was too large to keep whole: the first {counted(run.executions.length, 'request')} are shown; the
          counts are the whole run’s.
        </p>
      )}
      <div className="run-list-bar">
        <div className="segmented" role="radiogroup" aria-label="Requests shown">
          {[false, true].map((failedOnly) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio dots here
            <button
              key={String(failedOnly)}
              type="button"
              role="radio"
              aria-checked={onlyFailed === failedOnly}
              className={onlyFailed === failedOnly ? 'segment segment-active' : 'segment'}
              onClick={() => setOnlyFailed(failedOnly)}
            >
              {failedOnly ? 'Failed' : 'All'}
            </button>
          ))}
        </div>
        {run.sending !== null && (
          <span className="muted run-sending">
            Sending {run.sending.item.name}
            {summary.iterations > 1 && ` (iteration ${run.sending.iteration + 1})`}…
          </span>
        )}
      </div>
      {listed.length === 0 ? (
        <p className="muted run-empty">
          {onlyFailed ? 'Nothing failed.' : running ? 'The first request is on its way…' : 'Nothing ran.'}
        </p>
      ) : (
        <ol className="run-items" aria-label="Requests run">
          {listed.slice(0, shown).map((execution, index) => (
            <RunExecutionItem
              // Executions have no id; their place in the run is theirs for good.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={`${onlyFailed}-${index}`}
              execution={execution}
              showIteration={summary.iterations > 1}
            />
          ))}
        </ol>
      )}
      {listed.length > shown && (
        <button type="button" className="button button-small run-more" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, listed.length - shown)} more of {listed.length}
        </button>
      )}
    </div>
  );
}
