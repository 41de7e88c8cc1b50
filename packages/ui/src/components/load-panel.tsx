import type { LoadResult } from '@client/core';
import type { LoadState } from '../hooks/use-load-test.js';
import { formatBytes, formatDuration, formatLatency } from '../lib/format.js';
import type { LoadSetup } from '../lib/run-request.js';
import { Icon } from './icons.js';
import { LatencyHistogram } from './latency-histogram.js';

interface LoadPanelProps {
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
 * The load mode: the same requests sent over N connections for a duration, each connection sending the next as its
 * answer comes. Live counts while it runs; then throughput, latency percentiles, statuses, errors and a histogram.
 */
export function LoadPanel({ setup, onSetup, state, problem, requestCount, onStart, onStop }: LoadPanelProps) {
  const running = state.kind === 'running' || state.kind === 'starting';
  const durationMs = Number(setup.durationSeconds) * 1000;
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
      {state.kind === 'running' && (
        <div className="load-live" data-testid="load-progress">
          <div
            className="run-progress"
            role="progressbar"
            aria-label="Load test progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={
              state.progress === null || !(durationMs > 0)
                ? 0
                : Math.min(100, Math.round((state.progress.elapsedMs / durationMs) * 100))
            }
          >
            <div
              className="run-progress-fill"
              style={{
                width:
                  state.progress === null || !(durationMs > 0)
                    ? '0%'
                    : `${Math.min(100, (state.progress.elapsedMs / durationMs) * 100)}%`,
              }}
            />
          </div>
          <p className="muted">
            {state.stopping
              ? 'Stopping…'
              : state.progress === null
                ? 'Starting…'
                : `${formatDuration(state.progress.elapsedMs)} · ${number(state.progress.requests)} requests · ${number(
                    state.progress.errors,
                  )} errors · ${number(state.progress.requests / Math.max(0.001, state.progress.elapsedMs / 1000))} req/s`}
          </p>
        </div>
      )}
      {state.kind === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'finished' && <LoadResultView result={state.result} />}
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
