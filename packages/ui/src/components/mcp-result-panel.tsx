import type { McpExchangeEntry } from '@client/core';
import { useState } from 'react';
import type { McpResultState } from '../hooks/use-mcp-session.js';
import { formatDuration } from '../lib/format.js';
import { Icon } from './icons.js';
import { TabButtons } from './tab-buttons.js';

interface McpResultPanelProps {
  result: McpResultState;
  exchange: { entries: McpExchangeEntry[]; dropped: number };
}

/** The texts a result carries (a tool's content, a resource's contents, a prompt's messages), to read at a glance. */
function textsOf(result: Record<string, unknown>): string[] {
  const blocks = [result.content, result.contents, result.messages].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  return blocks.flatMap((block: unknown) => {
    if (typeof block !== 'object' || block === null) return [];
    const { text, content } = block as { text?: unknown; content?: { text?: unknown } };
    if (typeof text === 'string') return [text];
    return typeof content?.text === 'string' ? [content.text] : [];
  });
}

function messageLabel(message: unknown): string {
  const { method, id, error } = (message ?? {}) as { method?: unknown; id?: unknown; error?: unknown };
  if (typeof method === 'string') return id === undefined ? `${method} (notification)` : `${method} #${String(id)}`;
  return error === undefined ? `result #${String(id)}` : `error #${String(id)}`;
}

function ResultView({ result }: { result: McpResultState }) {
  switch (result.kind) {
    case 'idle':
      return (
        <div className="response-empty">
          <Icon name="server" size={28} />
          <p>Connect, then call a tool, read a resource or get a prompt.</p>
        </div>
      );
    case 'calling':
      return (
        <div className="response-empty">
          <span className="spinner" aria-hidden="true" />
          <p>Waiting for the {result.what}…</p>
        </div>
      );
    case 'failed':
      return (
        <div className="response-empty response-error" role="alert">
          <Icon name="x" size={28} />
          <p className="response-error-title">The {result.what} failed</p>
          <p className="response-error-message">{result.message}</p>
        </div>
      );
    case 'done': {
      const { answer } = result;
      const texts = textsOf(answer.result);
      return (
        <section
          className="response-body mcp-result"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
          tabIndex={0}
          aria-label="Call result"
        >
          <div className="response-meta">
            <span className={answer.isError ? 'status-pill status-server-error' : 'status-pill status-ok'}>
              {answer.isError ? 'tool error' : 'ok'}
            </span>
            <span className="meta-item">{result.what}</span>
            <span className="meta-item">{formatDuration(answer.durationMs)}</span>
          </div>
          {texts.map((text, index) => (
            // The texts have no identity of their own; their order is the result's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <pre key={index} className="code-view mcp-text">
              {text}
            </pre>
          ))}
          <h3 className="section-title">Result</h3>
          <pre className="code-view" data-testid="mcp-result-json">
            {JSON.stringify(answer.result, null, 2)}
          </pre>
        </section>
      );
    }
  }
}

function RawView({ exchange }: Pick<McpResultPanelProps, 'exchange'>) {
  if (exchange.entries.length === 0) return <p className="muted mcp-none">No messages yet: connect first.</p>;
  return (
    <section
      className="response-body"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
      tabIndex={0}
      aria-label="JSON-RPC exchange"
    >
      {exchange.dropped > 0 && (
        <p className="response-warning">The first {exchange.dropped} messages are no longer kept.</p>
      )}
      <ol className="mcp-raw" aria-label="JSON-RPC messages">
        {exchange.entries.map((entry) => (
          <li key={entry.seq} className={`mcp-raw-entry mcp-raw-${entry.direction}`}>
            <div className="mcp-raw-head">
              <span className="mcp-raw-direction">{entry.direction === 'sent' ? '→ sent' : '← received'}</span>
              <span className="mono">{messageLabel(entry.message)}</span>
              <span className="meta-item">{formatDuration(entry.ms)}</span>
            </div>
            <pre className="code-view">{JSON.stringify(entry.message, null, 2)}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The last call's result, and every JSON-RPC message of the session as it went over the transport. */
export function McpResultPanel({ result, exchange }: McpResultPanelProps) {
  const [tab, setTab] = useState<'result' | 'raw'>('result');
  const tabs = [
    { id: 'result' as const, label: 'Result' },
    { id: 'raw' as const, label: 'Raw JSON-RPC', badge: exchange.entries.length },
  ];
  return (
    <section className="response-panel" aria-label="Result">
      <div className="tabs tabs-small response-tabs">
        <TabButtons label="Result parts" className="tablist-inline" tabs={tabs} selected={tab} onSelect={setTab} />
      </div>
      {tab === 'result' ? <ResultView result={result} /> : <RawView exchange={exchange} />}
    </section>
  );
}
