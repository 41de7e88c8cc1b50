import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { HistoryDetail } from '../api/types.js';
import { formatWhen } from '../lib/format.js';
import { EditorSplit } from './editor-split.js';
import { HeadersTable } from './headers-table.js';
import { MethodBadge } from './method-badge.js';
import { ResponsePanel } from './response-panel.js';
import type { SaveExampleTarget } from './save-example.js';

interface HistoryViewProps {
  historyId: string;
  endpointExists: (endpointId: string) => boolean;
  onOpenEndpoint: (endpointId: string) => void;
  onExampleSaved: SaveExampleTarget['onSaved'];
}

/** A sent request as it went out (secrets masked) and the response it got, reopened from history. */
export function HistoryView({ historyId, endpointExists, onOpenEndpoint, onExampleSaved }: HistoryViewProps) {
  const [entry, setEntry] = useState<HistoryDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEntry(null);
    api.getHistoryEntry(historyId).then(setEntry, (caught: unknown) => setError(String(caught)));
  }, [historyId]);

  if (entry === null) return <div className="editor-placeholder muted">{error ?? 'Loading…'}</div>;
  const contentType = entry.responseHeaders.find((h) => h.key.toLowerCase() === 'content-type')?.value ?? null;
  const endpointId = entry.endpointId !== null && endpointExists(entry.endpointId) ? entry.endpointId : null;
  return (
    <EditorSplit>
      <div className="editor-request">
        <div className="editor-title-row">
          <h2 className="history-title">Sent {formatWhen(entry.sentAt)}</h2>
          <span className="muted">{new Date(entry.sentAt).toLocaleString()}</span>
          <div className="toolbar-spacer" />
          {endpointId !== null && (
            <button type="button" className="button" onClick={() => onOpenEndpoint(endpointId)}>
              Open endpoint
            </button>
          )}
        </div>
        <div className="url-bar url-bar-static">
          <MethodBadge method={entry.method} size="large" />
          <span className="mono history-full-url">{entry.url}</span>
        </div>
        <h3 className="section-title">Request headers</h3>
        {entry.requestHeaders.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <HeadersTable headers={entry.requestHeaders} />
        )}
        {entry.requestBody !== null && entry.requestBody !== '' && (
          <>
            <h3 className="section-title">Request body</h3>
            <pre className="code-view">{entry.requestBody}</pre>
          </>
        )}
      </div>
      <ResponsePanel
        onCancel={() => undefined}
        saveExample={{ endpointId, onSaved: onExampleSaved }}
        state={
          entry.status === null
            ? { kind: 'failed', message: entry.error ?? 'The request failed.' }
            : {
                kind: 'done',
                result: {
                  historyId: entry.id,
                  url: entry.url,
                  status: entry.status,
                  statusText: '',
                  durationMs: entry.durationMs,
                  size: entry.responseSize,
                  headers: entry.responseHeaders,
                  contentType,
                  body: entry.responseBody,
                  truncated: entry.responseTruncated,
                  warnings: [],
                  timing: null,
                  cookies: [],
                  ...(entry.stream === undefined ? {} : { stream: entry.stream }),
                },
              }
        }
      />
    </EditorSplit>
  );
}
