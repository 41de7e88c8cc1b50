import type { HistoryItem } from '../api/types.js';
import { formatDuration, formatWhen } from '../lib/format.js';
import { MethodBadge } from './method-badge.js';

interface HistoryListProps {
  items: readonly HistoryItem[];
  selectedId: string | null;
  onOpen: (historyId: string) => void;
  onClear: () => void;
}

export function HistoryList({ items, selectedId, onOpen, onClear }: HistoryListProps) {
  if (items.length === 0) {
    return <p className="sidebar-empty">Requests you send show up here, newest first.</p>;
  }
  return (
    <div className="history-list">
      <ul aria-label="History">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={item.id === selectedId ? 'history-item history-item-selected' : 'history-item'}
              onClick={() => onOpen(item.id)}
            >
              <MethodBadge method={item.method} />
              <span className="history-url" title={item.url}>
                {item.url.replace(/^[a-z]+:\/\//i, '')}
              </span>
              <span className="history-meta">
                <span
                  className={
                    item.status === null
                      ? 'history-status history-failed'
                      : `history-status s${Math.floor(item.status / 100)}xx`
                  }
                >
                  {item.status ?? 'failed'}
                </span>
                <span>{formatDuration(item.durationMs)}</span>
                <span>{formatWhen(item.sentAt)}</span>
                {item.sentBy === 'agent' && (
                  <span className="history-agent" title="Sent by an agent, with your permission">
                    agent
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-ghost button-small history-clear" onClick={onClear}>
        Clear history
      </button>
    </div>
  );
}
