import type {
  EndpointDraft,
  McpCallAnswer,
  McpCatalog,
  McpExchangeEntry,
  McpSessionInfo,
  McpSettings,
} from '@client/core';
import { call } from './client.js';

/** An MCP endpoint as the window has it open, to connect to. */
export interface McpConnectRequest {
  projectId: string;
  endpointId: string | null;
  environmentId: string | null;
  folderId: string | null;
  request: EndpointDraft;
  mcp: McpSettings;
}

/** A call a session makes: a tool, a resource read, a prompt. */
export type McpCallRequest =
  | { method: 'tools/call'; name: string; arguments: Record<string, unknown> }
  | { method: 'resources/read'; uri: string }
  | { method: 'prompts/get'; name: string; arguments: Record<string, string> };

const id = encodeURIComponent;

/** The app's MCP sessions, held by the app for the window. */
export const mcpApi = {
  connect: (input: McpConnectRequest) =>
    call<{ session: McpSessionInfo; catalog: McpCatalog }>('POST', '/api/mcp/sessions', input),
  catalog: (sessionId: string) => call<McpCatalog>('GET', `/api/mcp/sessions/${id(sessionId)}/catalog`),
  call: (sessionId: string, request: McpCallRequest) =>
    call<McpCallAnswer>('POST', `/api/mcp/sessions/${id(sessionId)}/calls`, request),
  exchange: (sessionId: string, after: number) =>
    call<{ entries: McpExchangeEntry[]; dropped: number }>(
      'GET',
      `/api/mcp/sessions/${id(sessionId)}/exchange?after=${after}`,
    ),
  disconnect: (sessionId: string) => call<void>('DELETE', `/api/mcp/sessions/${id(sessionId)}`),
};
