import type { Endpoint, EndpointDraft } from '@client/core';

/** The editable part of an endpoint, plus where it lives. */
export interface EditorDraft extends EndpointDraft {
  folderId: string | null;
}

export function toEditorDraft(endpoint: Endpoint): EditorDraft {
  return {
    name: endpoint.name,
    method: endpoint.method,
    path: endpoint.path,
    queryParams: endpoint.queryParams.map((param) => ({ ...param })),
    headers: endpoint.headers.map((header) => ({ ...header })),
    body: structuredClone(endpoint.body),
    auth: structuredClone(endpoint.auth),
    state: endpoint.state,
    ...(endpoint.settings === undefined ? {} : { settings: structuredClone(endpoint.settings) }),
    ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
    ...(endpoint.scripts === undefined ? {} : { scripts: structuredClone(endpoint.scripts) }),
    ...(endpoint.tests === undefined ? {} : { tests: structuredClone(endpoint.tests) }),
    ...(endpoint.examples === undefined ? {} : { examples: structuredClone(endpoint.examples) }),
    ...(endpoint.kind === undefined ? {} : { kind: endpoint.kind }),
    ...(endpoint.mcp === undefined ? {} : { mcp: structuredClone(endpoint.mcp) }),
    ...(endpoint.websocket === undefined ? {} : { websocket: structuredClone(endpoint.websocket) }),
    folderId: endpoint.folderId,
  };
}

/** JSON with object keys sorted, so two equal drafts built in a different key order compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Whether the editor holds changes that Save would write. */
export function isDraftChanged(saved: EditorDraft, current: EditorDraft): boolean {
  return canonicalJson(saved) !== canonicalJson(current);
}

/** A new MCP server endpoint: Streamable HTTP at `{{base_url}}/mcp` until the person says otherwise. */
export function newMcpDraft(folderId: string | null): EditorDraft {
  return {
    ...newEndpointDraft(folderId),
    name: 'New MCP server',
    method: 'POST',
    path: '/mcp',
    kind: 'mcp',
    mcp: { transport: 'http' },
  };
}

export function newEndpointDraft(folderId: string | null): EditorDraft {
  return {
    name: 'New request',
    method: 'GET',
    path: '/',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    // It takes the auth of its folder or project unless the person picks another.
    auth: { type: 'inherit' },
    state: 'Designing',
    folderId,
  };
}

/** A new WebSocket endpoint: it connects to `{{base_url}}` with its scheme switched to ws(s) until given a URL. */
export function newWebSocketDraft(folderId: string | null): EditorDraft {
  return { ...newEndpointDraft(folderId), name: 'New WebSocket', kind: 'websocket' };
}
