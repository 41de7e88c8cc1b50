import { AppError } from '@client/core';
import type { Store } from '@client/store';
import type { EventStream } from '../ui-server/event-stream.js';
import { McpSessions } from './mcp-sessions.js';

/** How long connecting, and each call after it, may take unless the app was started with another send timeout. */
const MCP_TIMEOUT_MS = 60_000;

/** The window's MCP sessions as the app wires them: calls kept in History, an ended session told to the window. */
export function windowMcpSessions(
  store: Store,
  stream: EventStream,
  version: string,
  timeoutMs = MCP_TIMEOUT_MS,
): McpSessions {
  return new McpSessions({
    clientVersion: version,
    timeoutMs,
    keep(entry) {
      try {
        store.history.add(entry);
      } catch (error) {
        // The endpoint or project was deleted while its session was open: there is no History to add to.
        if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
      }
      stream.send('history-added', { projectId: entry.projectId, historyId: entry.id, sentBy: 'person' });
    },
    onEnded: (sessionId) => stream.send('mcp-session-ended', { sessionId }),
  });
}
