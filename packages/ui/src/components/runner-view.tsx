import '../styles/runner.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api/client.js';
import type { EnvironmentsView, ProjectTree } from '../api/types.js';
import { useLiveRun } from '../hooks/use-live-run.js';
import { useLoadTest } from '../hooks/use-load-test.js';
import { saveBlob } from '../lib/download.js';
import { messageOf } from '../lib/message-of.js';
import { onTablistKeyDown } from '../lib/roving-focus.js';
import { folderPath, orderOption, requestsInOrder } from '../lib/run-order.js';
import { buildLoadRequest, buildRunRequest, type LoadSetup, type RunSetup, rerunRequest } from '../lib/run-request.js';
import { ConfirmDialog } from './dialog.js';
import { Icon } from './icons.js';
import { LoadForm, LoadOutcome } from './load-panel.js';
import { RunOrderList } from './run-order-list.js';
import { RunReport } from './run-report.js';
import { RunSetupForm } from './run-setup.js';

type RunnerMode = 'run' | 'load';

export interface RunnerViewProps {
  projectId: string;
  projectName: string;
  /** The folder to run; null: the whole project. */
  folderId: string | null;
  /** A kept run to show first; null: the options of a new one. */
  runId: string | null;
  tree: ProjectTree;
  environments: EnvironmentsView | null;
  onClose: () => void;
  /** A run was deleted: the list of kept runs changed. */
  onDeleted: () => void;
  onNotice: (message: string, tone: 'success' | 'error', detail?: string) => void;
}

/**
 * The runner: a project's or a folder's requests run in order, with iterations, a data file, a delay, a timeout and
 * a stop at the first failure; its live progress and results, from which the failed ones run again and reports are
 * exported. Its Load test tab sends the same requests over many connections for a while instead.
 */
export function RunnerView(props: RunnerViewProps) {
  const { projectId, folderId, tree, environments } = props;
  const defaultOrder = useMemo(() => requestsInOrder(tree, folderId), [tree, folderId]);
  const [mode, setMode] = useState<RunnerMode>('run');
  const [setup, setSetup] = useState<RunSetup>(() => ({
    environmentId: environments?.activeEnvironmentId ?? null,
    iterations: '',
    delayMs: '',
    timeoutMs: '',
    bail: false,
    dataFile: null,
    entries: defaultOrder,
  }));
  const [loadSetup, setLoadSetup] = useState<LoadSetup>({ connections: '10', durationSeconds: '10' });
  const [deleting, setDeleting] = useState(false);
  const live = useLiveRun();
  const load = useLoadTest();
  const { run } = live;

  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (props.runId !== null) void live.open(props.runId);
  }, [props.runId, live.open]);
  // A reopened run's environment and iterations become the options, so "Rerun failed" runs them as they ran.
  useEffect(() => {
    if (run === null || run.summary.id !== props.runId || opened.current === run.summary.id) return;
    opened.current = run.summary.id;
    setSetup((current) => ({
      ...current,
      environmentId: run.summary.environmentId,
      iterations: run.summary.iterations > 1 ? String(run.summary.iterations) : '',
    }));
  }, [run, props.runId]);

  const request = buildRunRequest({ projectId, folderId }, setup, defaultOrder);
  const loadRequest = request.ok ? buildLoadRequest(request.value, loadSetup) : request;
  const included = setup.entries.filter((entry) => entry.included).length;
  const title = folderId === null ? props.projectName : folderPath(tree.folders, folderId) || 'a folder that is gone';

  const exportReport = async (format: 'json' | 'junit') => {
    if (run === null) return;
    try {
      const { fileName, blob } = await api.runReport(run.summary.id, format);
      saveBlob(blob, fileName);
      props.onNotice(`Exported ${fileName}`, 'success');
    } catch (caught) {
      props.onNotice('Could not export the run', 'error', messageOf(caught));
    }
  };

  const remove = async () => {
    if (run === null) return;
    setDeleting(false);
    try {
      await api.deleteRun(run.summary.id);
      live.clear();
      props.onDeleted();
    } catch (caught) {
      props.onNotice('Could not delete the run', 'error', messageOf(caught));
    }
  };

  return (
    <div className="runner" data-testid="runner">
      <div className="runner-header">
        <h2 className="runner-title">
          Run <span className="runner-target">{title}</span>
        </h2>
        <div className="tabs tabs-small runner-tabs" role="tablist" aria-label="Runner" onKeyDown={onTablistKeyDown}>
          {(['run', 'load'] as const).map((shown) => (
            <button
              key={shown}
              type="button"
              role="tab"
              aria-selected={mode === shown}
              tabIndex={mode === shown ? 0 : -1}
              className={mode === shown ? 'tab tab-active' : 'tab'}
              onClick={() => setMode(shown)}
            >
              {shown === 'run' ? 'Run' : 'Load test'}
            </button>
          ))}
        </div>
        <div className="toolbar-spacer" />
        <button type="button" className="icon-button" aria-label="Close the runner" onClick={props.onClose}>
          <Icon name="x" />
        </button>
      </div>
      {mode === 'run' && run !== null ? (
        <RunReport
          key={run.summary.id}
          run={run}
          onCancel={() => void live.cancel()}
          onRerunFailed={(failedIds) => request.ok && void live.start(rerunRequest(request.value, failedIds))}
          onExport={(format) => void exportReport(format)}
          onNewRun={live.clear}
          onDelete={() => setDeleting(true)}
        />
      ) : (
        <div className="runner-body">
          {mode === 'run' ? (
            <RunSetupForm
              setup={setup}
              onSetup={setSetup}
              environments={environments?.environments ?? []}
              problem={request.ok ? null : request.problem}
              error={live.error}
              included={included}
              onRun={() => request.ok && void live.start(request.value)}
            />
          ) : (
            <LoadForm
              setup={loadSetup}
              onSetup={setLoadSetup}
              state={load.state}
              problem={loadRequest.ok ? null : loadRequest.problem}
              requestCount={included}
              onStart={() => loadRequest.ok && void load.start(loadRequest.value)}
              onStop={() => void load.stop()}
            />
          )}
          <RunOrderList
            entries={setup.entries}
            onChange={(entries) => setSetup({ ...setup, entries })}
            onReset={() => setSetup({ ...setup, entries: defaultOrder })}
            changed={orderOption(setup.entries, defaultOrder) !== undefined}
          />
        </div>
      )}
      {mode === 'load' && <LoadOutcome state={load.state} />}
      {deleting && run !== null && (
        <ConfirmDialog
          title="Delete run"
          message="Delete this run and its results? Its reports can no longer be exported."
          confirmLabel="Delete"
          onCancel={() => setDeleting(false)}
          onConfirm={() => void remove()}
        />
      )}
    </div>
  );
}
