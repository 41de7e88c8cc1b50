import {
  BASE_URL_VARIABLE,
  ENDPOINT_STATES,
  type EndpointState,
  type RequestSettings,
  type RequestSettingsOverride,
  type SavedWebSocketMessage,
  sendsAsWritten,
  type WebSocketSettings,
} from '@client/core';
import { useEffect, useMemo, useState } from 'react';
import { useWebSocketSession } from '../hooks/use-websocket-session.js';
import type { EditorDraft } from '../lib/draft.js';
import { formatPathAndQuery, readTypedUrl, withTypedQuery } from '../lib/url-editing.js';
import { resolveTemplate, scopeLookup, type VariableScope } from '../lib/variables.js';
import { AuthEditor } from './auth-editor.js';
import type { AuthPlace } from './auth-place.js';
import { EditorSplit } from './editor-split.js';
import { KeyValueTable } from './key-value-table.js';
import { RequestSettingsEditor } from './request-settings-editor.js';
import { TabButtons } from './tab-buttons.js';
import { TemplateInput } from './template-input.js';
import { SavedMessages, WebSocketComposer } from './websocket-composer.js';
import { WebSocketTimeline } from './websocket-timeline.js';

type SocketTab = 'message' | 'saved' | 'headers' | 'auth' | 'settings';

interface WebSocketEditorProps {
  /** The tab's id: its connection is kept under it while the window is open. */
  tabKey: string;
  endpointId: string | null;
  draft: EditorDraft;
  changed: boolean;
  saving: boolean;
  scope: VariableScope;
  authPlace: AuthPlace;
  projectSettings: RequestSettings;
  onChange: (draft: EditorDraft) => void;
  onSave: () => void;
  onNotice: (message: string) => void;
}

/** The draft with these WebSocket settings; empty ones leave the field out, as a saved endpoint without them has it. */
function withWebSocket(draft: EditorDraft, websocket: WebSocketSettings): EditorDraft {
  const { websocket: _previous, ...rest } = draft;
  const kept: WebSocketSettings = {
    ...(websocket.subprotocols?.length ? { subprotocols: websocket.subprotocols } : {}),
    ...(websocket.messages?.length ? { messages: websocket.messages } : {}),
  };
  return Object.keys(kept).length === 0 ? rest : { ...rest, websocket: kept };
}

function withSettings(draft: EditorDraft, settings: RequestSettingsOverride): EditorDraft {
  const { settings: _previous, ...rest } = draft;
  return Object.keys(settings).length === 0 ? rest : { ...rest, settings };
}

const STATE_LABELS = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  open: 'Connected',
  closing: 'Closing…',
  closed: 'Disconnected',
};

/**
 * A WebSocket endpoint: its URL (ws, wss, or a path after `{{base_url}}`), headers, auth, subprotocols and TLS
 * settings, Connect and Disconnect, a composer for text, JSON and binary messages, the saved messages, and the
 * timeline of what was sent and received. The app holds the socket; the page only asks it.
 */
export function WebSocketEditor(props: WebSocketEditorProps) {
  const { draft, changed, saving, scope, onChange } = props;
  const [tab, setTab] = useState<SocketTab>('message');
  // The field keeps the text as typed (a trailing comma has no subprotocol yet).
  const [protocolsText, setProtocolsText] = useState((draft.websocket?.subprotocols ?? []).join(', '));
  const session = useWebSocketSession(props.tabKey);
  const { snapshot } = session;
  const patch = (change: Partial<EditorDraft>) => onChange({ ...draft, ...change });
  const settings = draft.websocket ?? {};
  const saved = settings.messages ?? [];
  const open = snapshot.state === 'open';
  const shownFrames = useMemo(
    () => snapshot.frames.filter((frame) => frame.seq > snapshot.shownAfter),
    [snapshot.frames, snapshot.shownAfter],
  );
  const busy = snapshot.state === 'connecting' || snapshot.state === 'closing';
  const formatted = formatPathAndQuery(draft);
  // The field keeps the text as typed (`ws:/` on its way to a URL) and follows the draft when it changes elsewhere.
  const [urlText, setUrlText] = useState(formatted);
  useEffect(() => {
    setUrlText((typed) => (formatPathAndQuery(readTypedUrl(typed)) === formatted ? typed : formatted));
  }, [formatted]);
  const own = sendsAsWritten(draft.path, scopeLookup(scope, { secret: 'keep' }));
  const template = own ? formatted : `{{${BASE_URL_VARIABLE}}}${formatted}`;
  const resolved = resolveTemplate(template, scope, { secret: 'mask' }).replace(/^http(s?):/i, 'ws$1:');

  const connect = () =>
    void session.connect({
      projectId: props.authPlace.projectId,
      endpointId: props.endpointId,
      environmentId: props.authPlace.environmentId,
      folderId: draft.folderId,
      request: draft,
    });
  const send = (messages: SavedWebSocketMessage[]) =>
    void session
      .send(messages.map(({ format, data }) => ({ format, data })))
      .catch((error: unknown) => props.onNotice(error instanceof Error ? error.message : String(error)));
  const tabs: { id: SocketTab; label: string; badge: string | null }[] = [
    { id: 'message', label: 'Message', badge: null },
    { id: 'saved', label: 'Saved messages', badge: saved.length === 0 ? null : String(saved.length) },
    { id: 'headers', label: 'Headers', badge: draft.headers.length === 0 ? null : String(draft.headers.length) },
    {
      id: 'auth',
      label: 'Auth',
      badge: draft.auth.type === 'none' || draft.auth.type === 'inherit' ? null : draft.auth.type,
    },
    {
      id: 'settings',
      label: 'Settings',
      badge: settings.subprotocols?.length ? String(settings.subprotocols.length) : null,
    },
  ];

  return (
    <EditorSplit>
      <div className="editor-request">
        <div className="editor-title-row">
          <input
            className="title-input"
            aria-label="Endpoint name"
            title={draft.name}
            value={draft.name}
            onChange={(event) => patch({ name: event.target.value })}
          />
          {changed && (
            <span className="unsaved-dot" title="Unsaved changes" role="img" aria-label="Unsaved changes">
              ●
            </span>
          )}
          <select
            className={`select state-select state-${draft.state.toLowerCase()}`}
            aria-label="State"
            value={draft.state}
            onChange={(event) => patch({ state: event.target.value as EndpointState })}
          >
            {ENDPOINT_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
          <div className="toolbar-spacer" />
          <button
            type="button"
            className="button button-primary"
            onClick={props.onSave}
            disabled={!changed || saving}
            title="Save (Ctrl+S)"
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
        <div className="url-area">
          <div className="url-bar">
            <span className="ws-kind-chip" title="A WebSocket endpoint">
              WS
            </span>
            <TemplateInput
              className="url-input"
              label="WebSocket URL"
              placeholder="wss://example.com/socket or /path after {{base_url}}"
              value={urlText}
              scope={scope}
              onChange={(value) => {
                setUrlText(value);
                const typed = readTypedUrl(value);
                patch({ path: typed.path, queryParams: withTypedQuery(typed.queryParams, draft.queryParams) });
              }}
              onEnter={open || busy ? undefined : connect}
            />
            {open || snapshot.state === 'closing' ? (
              <button type="button" className="button" disabled={busy} onClick={() => void session.disconnect()}>
                Disconnect
              </button>
            ) : (
              <button type="button" className="button button-primary" disabled={busy} onClick={connect}>
                {snapshot.state === 'connecting' ? 'Connecting…' : 'Connect'}
              </button>
            )}
          </div>
          <p className="resolved-url muted" data-testid="resolved-url">
            {resolved}
          </p>
        </div>
        <div className="ws-status" role="status" data-state={snapshot.state}>
          <span className={`ws-status-dot ws-status-${snapshot.state}`} aria-hidden="true" />
          <span>{STATE_LABELS[snapshot.state]}</span>
          {snapshot.protocol !== '' && <span className="muted">{`subprotocol ${snapshot.protocol}`}</span>}
          {snapshot.closeCode !== undefined && (
            <span className="muted">{`code ${snapshot.closeCode}${snapshot.closeReason === undefined ? '' : ` · ${snapshot.closeReason}`}`}</span>
          )}
          {snapshot.error !== undefined && <span className="ws-error">{snapshot.error}</span>}
        </div>
        <TabButtons
          label="WebSocket parts"
          className="tabs request-tabs"
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
        />
        <div className="tab-panel" role="tabpanel">
          {tab === 'message' && (
            <WebSocketComposer
              scope={scope}
              open={open}
              onSend={(format, data) => send([{ name: '', format, data }])}
              onSave={(message) => {
                onChange(withWebSocket(draft, { ...settings, messages: [...saved, message] }));
                props.onNotice('Message saved on the endpoint; Save keeps it.');
              }}
            />
          )}
          {tab === 'saved' && (
            <SavedMessages
              messages={saved}
              open={open}
              onSend={(message) => send([message])}
              onChange={(messages) => onChange(withWebSocket(draft, { ...settings, messages }))}
            />
          )}
          {tab === 'headers' && (
            <KeyValueTable
              label="Header"
              rows={draft.headers}
              scope={scope}
              bulk=":"
              keyPlaceholder="Header"
              onChange={(headers) => patch({ headers })}
              empty="No headers. The handshake's own (Upgrade, Sec-WebSocket-*) are written by the app."
            />
          )}
          {tab === 'auth' && (
            <AuthEditor auth={draft.auth} scope={scope} place={props.authPlace} onChange={(auth) => patch({ auth })} />
          )}
          {tab === 'settings' && (
            <div className="ws-settings">
              <label className="field">
                <span>Subprotocols, in order of preference</span>
                <input
                  className="input"
                  aria-label="Subprotocols"
                  placeholder="graphql-transport-ws, chat.v2"
                  value={protocolsText}
                  onChange={(event) => {
                    setProtocolsText(event.target.value);
                    const subprotocols = event.target.value
                      .split(',')
                      .map((protocol) => protocol.trim())
                      .filter((protocol) => protocol !== '');
                    onChange(withWebSocket(draft, { ...settings, subprotocols }));
                  }}
                />
              </label>
              <RequestSettingsEditor
                settings={draft.settings ?? {}}
                inherited={props.projectSettings}
                inheritedFrom="project"
                onChange={(next) => onChange(withSettings(draft, next))}
                scope={scope}
              />
            </div>
          )}
        </div>
      </div>
      <WebSocketTimeline frames={shownFrames} dropped={snapshot.dropped} onClear={session.clear} />
    </EditorSplit>
  );
}
