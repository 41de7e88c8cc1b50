import '../styles/mcp.css';
import { BASE_URL_VARIABLE, isOwnUrl, type McpSettings } from '@client/core';
import { useState } from 'react';
import { useMcpSession } from '../hooks/use-mcp-session.js';
import type { EditorDraft } from '../lib/draft.js';
import { resolveTemplate, type VariableScope } from '../lib/variables.js';
import type { AuthPlace } from './auth-place.js';
import { EditorSplit } from './editor-split.js';
import { EndpointTitleRow } from './endpoint-title-row.js';
import { KeyValueTable } from './key-value-table.js';
import { CATALOG_LABELS, type CatalogKind, catalogCount, McpCatalogView } from './mcp-catalog.js';
import { McpResultPanel } from './mcp-result-panel.js';
import { TabButtons } from './tab-buttons.js';
import { TemplateInput } from './template-input.js';

interface McpEndpointViewProps {
  draft: EditorDraft;
  changed: boolean;
  saving: boolean;
  scope: VariableScope;
  /** The endpoint's project, environment and folder: what it connects with. */
  place: AuthPlace;
  /** The saved endpoint History links calls to; null while it is new. */
  endpointId: string | null;
  onChange: (draft: EditorDraft) => void;
  onSave: () => void;
}

type SettingsTab = 'headers' | 'arguments' | 'environment';
type ViewTab = CatalogKind | SettingsTab;

const SETTINGS_LABELS: Record<SettingsTab, string> = {
  headers: 'Headers',
  arguments: 'Arguments',
  environment: 'Environment',
};

const STDIO_DEFAULT: McpSettings = { transport: 'stdio', command: '', args: [], env: [] };

/**
 * An MCP server as an endpoint: where it is (a Streamable HTTP URL, or a command the app starts), Connect, what the
 * server offers (tools with a form made from each one's input schema, resources, prompts), the last result and the
 * raw JSON-RPC exchange.
 */
export function McpEndpointView(props: McpEndpointViewProps) {
  const { draft, changed, saving, scope, place, onChange, onSave } = props;
  const settings: McpSettings = draft.mcp ?? { transport: 'http' };
  const session = useMcpSession();
  const { connection } = session;
  const connected = connection.kind === 'connected';
  const [tab, setTab] = useState<ViewTab>(settings.transport === 'http' ? 'headers' : 'arguments');
  const patch = (change: Partial<EditorDraft>) => onChange({ ...draft, ...change });
  const patchMcp = (mcp: McpSettings) => patch({ mcp });

  const settingsTabs: SettingsTab[] = settings.transport === 'http' ? ['headers'] : ['arguments', 'environment'];
  const catalogTabs: CatalogKind[] = connected ? ['tools', 'resources', 'prompts'] : [];
  const tabs: ViewTab[] = [...catalogTabs, ...settingsTabs];
  const shown: ViewTab = tabs.includes(tab) ? tab : (tabs[0] ?? 'headers');

  const connect = async () => {
    const { folderId, ...request } = draft;
    await session.connect({
      projectId: place.projectId,
      endpointId: props.endpointId,
      environmentId: place.environmentId,
      folderId,
      request,
      mcp: settings,
    });
    setTab('tools');
  };
  const own = isOwnUrl(draft.path);
  const resolvedUrl = resolveTemplate(own ? draft.path : `{{${BASE_URL_VARIABLE}}}${draft.path}`, scope, {
    secret: 'mask',
  });

  return (
    <EditorSplit>
      <div className="editor-request mcp-view">
        <EndpointTitleRow
          name={draft.name}
          state={draft.state}
          changed={changed}
          saving={saving}
          onChange={patch}
          onSave={onSave}
        />
        <div className="url-area">
          <div className="url-bar">
            <select
              className="method-select mcp-transport"
              aria-label="Transport"
              value={settings.transport}
              onChange={(event) => patchMcp(event.target.value === 'stdio' ? STDIO_DEFAULT : { transport: 'http' })}
            >
              <option value="http">HTTP</option>
              <option value="stdio">stdio</option>
            </select>
            {settings.transport === 'http' ? (
              <>
                {!own && <span className="base-chip mcp-base">{`{{${BASE_URL_VARIABLE}}}`}</span>}
                <TemplateInput
                  className="url-input"
                  label={own ? 'Server URL' : 'Server URL path'}
                  placeholder="/mcp"
                  value={draft.path}
                  scope={scope}
                  onChange={(path) => patch({ path })}
                  onEnter={() => void connect()}
                />
              </>
            ) : (
              <TemplateInput
                className="url-input"
                label="Command"
                placeholder="npx -y @acme/mcp-server (the program; arguments go below)"
                value={settings.command}
                scope={scope}
                onChange={(command) => patchMcp({ ...settings, command })}
                onEnter={() => void connect()}
              />
            )}
            {connected ? (
              <button
                type="button"
                className="button button-send button-cancel"
                onClick={() => void session.disconnect()}
              >
                Disconnect
              </button>
            ) : (
              <button
                type="button"
                className="button button-send"
                disabled={connection.kind === 'connecting'}
                onClick={() => void connect()}
              >
                {connection.kind === 'connecting' ? 'Connecting…' : 'Connect'}
              </button>
            )}
          </div>
          <div className="url-resolved mono" data-testid="mcp-status" role="status">
            {connection.kind === 'connected' ? (
              <>
                <span className="mcp-dot" aria-hidden="true" /> Connected to{' '}
                {connection.session.server.title ?? connection.session.server.name} {connection.session.server.version}{' '}
                · protocol {connection.session.protocolVersion}
              </>
            ) : settings.transport === 'http' ? (
              <>
                <span className="muted">→</span> {resolvedUrl}
              </>
            ) : (
              <span className="muted">Started by the app on Connect, and stopped on Disconnect.</span>
            )}
          </div>
          {connection.kind === 'disconnected' && connection.error !== undefined && (
            <p className="response-warning mcp-error" role="alert">
              {connection.error}
            </p>
          )}
        </div>
        <TabButtons
          label="MCP server"
          className="tabs request-tabs"
          tabs={tabs.map((id) =>
            id === 'tools' || id === 'resources' || id === 'prompts'
              ? {
                  id,
                  label: CATALOG_LABELS[id],
                  badge: connection.kind === 'connected' ? catalogCount(connection.catalog, id) : undefined,
                }
              : { id, label: SETTINGS_LABELS[id] },
          )}
          selected={shown}
          onSelect={setTab}
        />
        <div className="tab-panel" role="tabpanel">
          {connection.kind === 'connected' && (shown === 'tools' || shown === 'resources' || shown === 'prompts') && (
            <McpCatalogView
              catalog={connection.catalog}
              kind={shown}
              busy={session.result.kind === 'calling'}
              onCall={(request, what) => void session.call(request, what)}
            />
          )}
          {shown === 'headers' && (
            <KeyValueTable
              label="Header"
              rows={draft.headers}
              scope={scope}
              bulk=":"
              keyPlaceholder="Header"
              onChange={(headers) => patch({ headers })}
              empty="No headers. The endpoint's auth is sent too, as with any request."
            />
          )}
          {shown === 'arguments' && settings.transport === 'stdio' && (
            <label className="field">
              <span className="field-label">Arguments, one a line</span>
              <textarea
                className="code-input mono"
                spellCheck={false}
                value={settings.args.join('\n')}
                onChange={(event) =>
                  patchMcp({ ...settings, args: event.target.value === '' ? [] : event.target.value.split('\n') })
                }
              />
              <span className="field-hint">
                A command line is visible to every program on this computer: pass secrets as environment variables.
              </span>
            </label>
          )}
          {shown === 'environment' && settings.transport === 'stdio' && (
            <KeyValueTable
              label="Environment variable"
              rows={settings.env}
              scope={scope}
              bulk="="
              keyPlaceholder="NAME"
              onChange={(env) => patchMcp({ ...settings, env })}
              empty="No variables. Values may use {{variables}}, secrets too: they reach the server through its environment."
            />
          )}
        </div>
      </div>
      <McpResultPanel result={session.result} exchange={session.exchange} />
    </EditorSplit>
  );
}
