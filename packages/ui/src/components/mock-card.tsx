import type { MockInfo, MockLogEntry } from '@client/core';
import { formatLatency } from '../lib/format.js';
import { mockOptionWords } from '../lib/mock-start.js';
import { statusTone } from '../lib/status-text.js';
import { Icon } from './icons.js';
import { MethodBadge } from './method-badge.js';

interface MockCardProps {
  mock: MockInfo;
  /** Where it serves from: `Shop`, `Shop / Users`. */
  scope: string;
  log: readonly MockLogEntry[];
  stopping: boolean;
  onCopy: () => void;
  onStop: () => void;
}

/** The clock time of a request, to the second: the log is read while it is written. */
function timeOf(at: string): string {
  return new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** One running mock: its address, what it serves and how, a Stop button, and the requests it answered, newest first. */
export function MockCard({ mock, scope, log, stopping, onCopy, onStop }: MockCardProps) {
  const newestFirst = [...log].reverse();
  return (
    <article className="mock-card" aria-label={`Mock on port ${mock.port}`}>
      <header className="mock-card-header">
        <span className="status-dot status-dot-up" aria-hidden="true" />
        <span className="mono mock-url" data-testid="mock-url">
          {mock.url}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={`Copy the address ${mock.url}`}
          title="Copy the address"
          onClick={onCopy}
        >
          <Icon name="copy" size={14} />
        </button>
        <div className="toolbar-spacer" />
        <button
          type="button"
          className="button button-small"
          aria-label={`Stop the mock on port ${mock.port}`}
          disabled={stopping}
          onClick={onStop}
        >
          <Icon name="stop" size={12} /> {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </header>
      <p className="mock-card-meta">
        <span className="mock-scope">{scope}</span>
        {mock.startedBy === 'agent' && <span className="history-agent">started by an agent</span>}
        {mockOptionWords(mock).map((words) => (
          <span key={words} className="mock-option">
            {words}
          </span>
        ))}
      </p>
      {newestFirst.length === 0 ? (
        <p className="muted mock-log-empty">
          No requests yet. Call it: <code className="mono">curl {mock.url}/…</code>
        </p>
      ) : (
        <div className="mock-log-scroll">
          <table className="mock-log" aria-label={`Requests to ${mock.url}`}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Answer</th>
                <th scope="col">Status</th>
                <th scope="col" className="mock-log-ms">
                  Took
                </th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((entry, index) => (
                // Entries have no id; the newest is drawn first, so their position counts from the end.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={newestFirst.length - index}>
                  <td className="mock-log-time">{timeOf(entry.at)}</td>
                  <td>
                    <span className="mock-log-request">
                      <MethodBadge method={entry.method} />
                      <span className="mono mock-log-path" title={entry.path}>
                        {entry.path}
                      </span>
                    </span>
                  </td>
                  <td className={entry.endpointName === null ? 'muted' : undefined}>{entry.endpointName ?? 'none'}</td>
                  <td className={entry.answer === null ? 'muted' : undefined}>{entry.answer ?? 'the mock’s own'}</td>
                  <td>
                    <span className={`example-status ${statusTone(entry.status)}`}>{entry.status}</span>
                  </td>
                  <td className="mock-log-ms">{formatLatency(entry.ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
