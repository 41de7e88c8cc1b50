import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import type { FolderSync, LinkStatuses } from '../linked/link-status.js';
import type { McpSessions } from '../mcp/mcp-sessions.js';
import type { Loads } from '../running/loads.js';
import type { Runs } from '../running/runs.js';
import type { CheckedSends } from '../sending/checked-sends.js';
import type { RequestSender } from '../sending/request-sender.js';
import type { ResponseBodies } from '../sending/response-bodies.js';
import type { WebSocketSessions } from '../websocket/websocket-sessions.js';
import type { EventStream } from './event-stream.js';
import type { UiServerOptions } from './ui-server-options.js';

/** What the route modules share. */
export interface UiContext {
  store: Store;
  options: UiServerOptions;
  sender: RequestSender;
  /** The window's Sends, with the scripts and assertion rows of what is sent. */
  checkedSends: CheckedSends;
  /** The latest responses' bodies, whole, fetched by the window by id. */
  responseBodies: ResponseBodies;
  stream: EventStream;
  /** The WebSocket connections the app holds for the window. */
  websockets: WebSocketSessions;
  /** The runner view's runs of projects and folders, and agents'. */
  runs: Runs;
  /** The runner view's load tests. */
  loads: Loads;
  /** Linked folders: the sync's calls and the status the window shows; absent when the app has no sync. */
  linked?: { sync: FolderSync; statuses: LinkStatuses };
  /** The window's open sessions with MCP servers. */
  mcpSessions: McpSessions;
  /** The secret box, opened on first use. */
  secrets(): Promise<SecretBox>;
  /** Runs the app's import and marks the `endpoint-imported` it announces as the UI's own. */
  importFromUi<T>(work: () => T): T;
}
