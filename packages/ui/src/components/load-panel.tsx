import type { LoadResult } from '@client/core';
import type { LoadState } from '../hooks/use-load-test.js';
import { formatBytes, formatDuration, formatLatency } from '../lib/format.js';
import type { LoadSetup } from '../lib/run-request.js';
import { Icon } from './icons.js';
import { LatencyHistogram } from './latency-histogram.js';

interface LoadFormProps {
  setup: LoadSetup;
  onSetup: (setup: LoadSetup) => void;
  state: LoadState;
  /** Why the form cannot start (a number out of range), or null. */
  problem: string | null;
  /** How many requests each connection sends in turn. */
  requestCount: number;
  onStart: () => void;
  onStop: () => void;
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * The load mode's options: the same requests sent over N connections for a duration, each connection sending the next
 * as its answer comes; Start, and Stop while it runs.
 */
export function LoadForm({ setup, onSetup, state, problem, requestCount, onStart, onStop }: LoadFormProps) {
  const running = state.kind === 'running' || state.kind === 'starting';
  return (
    <div className="load-panel">
      <form
        className="load-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!running) onStart();
        }}
      >
        <label className="field">
          <span className="field-label">Connections</span>
          <input
            className="input"
            inputMode="numeric"
            value={setup.connections}
            disabled={running}
            onChange={(event) => onSetup({ ...setup, connections: event.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Duration (seconds)</span>
          <input
            className="input"
            inputMode="numeric"
            value={setup.durationSeconds}
            disabled={running}
            onChange={(event) => onSetup({ ...setup, durationSeconds: event.target.value })}
          />
        </label>
        {running ? (
          <button
            type="button"
            className="button"
            onClick={onStop}
            disabled={state.kind === 'starting' || (state.kind === 'running' && state.stopping)}
          >
            <Icon name="stop" size={14} /> Stop
          </button>
        ) : (
          <button type="submit" className="button button-primary" disabled={problem !== null || requestCount === 0}>
            <Icon name="play" size={14} /> Start load test
          </button>
        )}
        <span className="field-hint load-hint">
          {problem ??
            `Each connection sends the ${requestCount === 1 ? 'request' : `${requestCount} requests`} in turn, the next as soon as an answer comes. Scripts and checks do not run.`}
        </span>
      </form>
    </div>
  );
}

/** A load test as it goes (its counts every half second), then its result; nothing before it starts. */
export function LoadOutcome({ state }: { state: LoadState }) {
  return (
    <>
      {state.kind === 'running' && <LoadLive state={state} />}
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'finished' && <LoadResultView result={state.result} />}
    </>
  );
}

function LoadLive({ state }: { state: Extract<LoadState, { kind: 'running' }> }) {
  const { progress } = state;
  const share = progress === null ? 0 : Math.min(1, progress.elapsedMs / state.durationMs);
  return (
    <div className="load-live" data-testid="load-progress">
      <div
        className="run-progress"
        role="progressbar"
        aria-label="Load test progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <div className="run-progress-fill" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="muted">
        {state.stopping
          ? 'Stopping…'
          : progress === null
            ? 'Starting…'
            : `${formatDuration(progress.elapsedMs)} · ${number(progress.requests)} requests · ${number(progress.errors)} errors · ${number(progress.requests / Math.max(0.001, progress.elapsedMs / 1000))} req/s`}
      </p>
    </div>
  );
}

function LoadResultView({ result }: { result: LoadResult }) {
  const { latency } = result;
  const stats: [string, string][] = [
    ['Throughput', `${number(result.throughput, 1)} req/s`],
    ['Requests', number(result.requests)],
    ['Errors', number(result.errors.reduce((sum, error) => sum + error.count, 0))],
    ['Duration', formatDuration(result.durationMs)],
    ['Received', formatBytes(result.bytes)],
  ];
  const latencies: [string, number][] = [
    ['p50', latency.p50],
    ['p90', latency.p90],
    ['p99', latency.p99],
    ['max', latency.max],
    ['mean', latency.mean],
  ];
  return (
    <section className="load-result" aria-label="Load test result" data-testid="load-result">
      <dl className="run-cards">
        {stats.map(([label, value]) => (
          <div key={label} className="run-card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="load-columns">
        <div>
          <h3 className="section-title">Latency</h3>
          <table className="data-table">
            <tbody>
              {latencies.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{formatLatency(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h3 className="section-title">Statuses</h3>
          {result.statuses.length === 0 ? (
            <p className="muted">No answers.</p>
          ) : (
            <table className="data-table">
              <tbody>
                {result.statuses.map(({ status, count }) => (
                  <tr key={status}>
                    <th scope="row">{status}</th>
                    <td>{number(count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div>
          <h3 className="section-title">Errors</h3>
          {result.errors.length === 0 ? (
            <p className="muted">None: every request was answered.</p>
          ) : (
            <table className="data-table">
              <tbody>
                {result.errors.map(({ message, count }) => (
                  <tr key={message}>
                    <th scope="row">{message}</th>
                    <td>{number(count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      <h3 className="section-title">Latency histogram</h3>
      <LatencyHistogram buckets={result.histogram} />
    </section>
  );
}
