import type { SendChecks } from '@client/core';
import { useEffect, useState } from 'react';
import type { SendResult } from '../api/types.js';
import { checkBadge, checkCounts, checksFailed } from '../lib/check-counts.js';
import { formatBytes, formatDuration } from '../lib/format.js';
import { onTablistKeyDown } from '../lib/roving-focus.js';
import { statusTone } from '../lib/status-text.js';
import { CookiesTable } from './cookies-table.js';
import { HeadersTable } from './headers-table.js';
import { Icon } from './icons.js';
import { ResponseBody } from './response-body.js';
import { type KeepVariablesHandler, ResponseChecks } from './response-checks.js';
import { SaveExampleButton, type SaveExampleTarget } from './save-example.js';
import { LiveStreamPanel, StreamBody } from './stream-response.js';
import { TimingWaterfall } from './timing-waterfall.js';

export type ResponseState =
  | { kind: 'idle' }
  /** `requestId` names the Send, whose streamed answer is shown as it arrives. */
  | { kind: 'sending'; startedAt: number; requestId?: string }
  | { kind: 'done'; result: SendResult }
  /** No response; the scripts that ran before it may have found something all the same. */
  | { kind: 'failed'; message: string; checks?: SendChecks }
  | { kind: 'cancelled' };

type ResponsePart = 'body' | 'headers' | 'cookies' | 'timing' | 'tests';

export interface ResponsePanelProps {
  state: ResponseState;
  onCancel: () => void;
  /** Where the Cookies tab leads to the project's jar; absent where there is none (History). */
  onManageCookies?: (domain: string) => void;
  /** Keeps variables the scripts set; absent where nothing can keep them (History). */
  onKeepVariables?: KeepVariablesHandler;
  /** Whether the Send had an environment in use, which environment variables can be kept in. */
  environmentInUse?: boolean;
  /** Where "Save as example" keeps the response; absent, the response panel offers no such button. */
  saveExample?: SaveExampleTarget;
}

export function ResponsePanel(props: ResponsePanelProps) {
  return (
    <section className="response-panel" aria-label="Response">
      <ResponseContent {...props} />
    </section>
  );
}

function ResponseContent(props: ResponsePanelProps) {
  const { state, onCancel } = props;
  switch (state.kind) {
    case 'idle':
      return (
        <div className="response-empty">
          <Icon name="send" size={28} />
          <p>Send the request to see its response here.</p>
          <p className="muted">
            <kbd>Ctrl</kbd> <kbd>Enter</kbd> sends, <kbd>Ctrl</kbd> <kbd>S</kbd> saves.
          </p>
        </div>
      );
    case 'sending': {
      const waiting = (
        <div className="response-empty">
          <span className="spinner" aria-hidden="true" />
          <p>
            Sending… <Elapsed since={state.startedAt} />
          </p>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      );
      if (state.requestId === undefined) return waiting;
      return (
        <LiveStreamPanel
          requestId={state.requestId}
          onStop={onCancel}
          elapsed={<Elapsed since={state.startedAt} />}
          waiting={waiting}
        />
      );
    }
    case 'cancelled':
      return (
        <div className="response-empty">
          <p>The request was cancelled.</p>
        </div>
      );
    case 'failed':
      return (
        <>
          <div className="response-empty response-error" role="alert">
            <Icon name="x" size={28} />
            <p className="response-error-title">Could not get a response</p>
            <p className="response-error-message">{state.message}</p>
          </div>
          {state.checks !== undefined && (
            <ResponseChecks
              checks={state.checks}
              onKeepVariables={props.onKeepVariables}
              environmentInUse={props.environmentInUse}
            />
          )}
        </>
      );
    case 'done':
      return <ResponseView {...props} result={state.result} />;
  }
}

function ResponseView({
  result,
  onManageCookies,
  onKeepVariables,
  environmentInUse,
  saveExample,
}: ResponsePanelProps & { result: SendResult }) {
  const [tab, setTab] = useState<ResponsePart>('body');
  const counts = result.checks === undefined ? null : checkCounts(result.checks);
  const badge = counts === null ? null : checkBadge(counts);
  const parts: { id: ResponsePart; label: string; count?: number | string; failed?: boolean }[] = [
    { id: 'body', label: 'Body' },
    ...(counts === null
      ? []
      : [
          {
            id: 'tests' as const,
            label: 'Tests',
            ...(badge === null ? {} : { count: badge }),
            failed: checksFailed(counts),
          },
        ]),
    { id: 'headers', label: 'Headers', count: result.headers.length },
    ...(onManageCookies === undefined
      ? []
      : [
          {
            id: 'cookies' as const,
            label: 'Cookies',
            ...(result.cookies.length > 0 ? { count: result.cookies.length } : {}),
          },
        ]),
    ...(result.timing === null ? [] : [{ id: 'timing' as const, label: 'Timing' }]),
  ];
  return (
    <>
      <div className="response-meta">
        <span className={`status-pill ${statusTone(result.status)}`} data-testid="response-status">
          {result.status} {result.statusText}
        </span>
        <span className="meta-item" title="Time until the whole body arrived">
          {formatDuration(result.durationMs)}
        </span>
        <span className="meta-item" title="Body size">
          {formatBytes(result.size)}
        </span>
        <span className="meta-url mono" title={result.url}>
          {result.url}
        </span>
        {saveExample !== undefined && (
          <SaveExampleButton
            {...saveExample}
            response={{
              status: result.status,
              statusText: result.statusText,
              headers: result.headers,
              body: result.body,
              binary: result.binary === true,
              truncated: result.truncated,
            }}
          />
        )}
      </div>
      {result.warnings.map((warning) => (
        <p key={warning} className="response-warning">
          {warning}
        </p>
      ))}
      <div className="tabs tabs-small response-tabs">
        <div className="tablist-inline" role="tablist" aria-label="Response parts" onKeyDown={onTablistKeyDown}>
          {parts.map(({ id, label, count, failed }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              tabIndex={tab === id ? 0 : -1}
              className={tab === id ? 'tab tab-active' : 'tab'}
              onClick={() => setTab(id)}
            >
              {label}{' '}
              {count !== undefined && (
                <span className={failed === true ? 'tab-count tab-count-failed' : 'tab-count'}>{count}</span>
              )}
            </button>
          ))}
        </div>
      </div>
      {tab === 'body' && result.stream !== undefined ? (
        <StreamBody result={result} stream={result.stream} />
      ) : tab === 'body' ? (
        <ResponseBody result={result} />
      ) : tab === 'tests' && result.checks !== undefined ? (
        <ResponseChecks checks={result.checks} onKeepVariables={onKeepVariables} environmentInUse={environmentInUse} />
      ) : tab === 'cookies' && onManageCookies !== undefined ? (
        <div className="response-body">
          {result.cookies.length === 0 ? (
            <p className="muted">This response set no cookie.</p>
          ) : (
            <CookiesTable cookies={result.cookies} label="Cookies this response set" />
          )}
          <button
            type="button"
            className="button button-small response-jar"
            onClick={() => onManageCookies(new URL(result.url).hostname)}
          >
            Open the project’s cookie jar
          </button>
        </div>
      ) : tab === 'timing' && result.timing !== null ? (
        <div className="response-body">
          <TimingWaterfall timing={result.timing} />
        </div>
      ) : (
        <HeadersTable headers={result.headers} />
      )}
    </>
  );
}

/** Seconds since a send started, counting while it is in progress. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="elapsed" data-testid="elapsed">
      {formatDuration(Math.max(0, now - since))}
    </span>
  );
}
