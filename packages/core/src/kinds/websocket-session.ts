import type { EndpointDraft } from '../model.js';
import type { WebSocketMessageFormat } from './websocket-settings.js';

/** A message of a WebSocket session's timeline; `data` is the text, or base64 of a binary message's bytes. */
export interface WebSocketFrame {
  /** Its place in the session, from 1: the window asks for what follows the last one it has. */
  seq: number;
  direction: 'sent' | 'received';
  format: Exclude<WebSocketMessageFormat, 'json'>;
  data: string;
  /** Its size in bytes on the wire (before base64). */
  size: number;
  /** Milliseconds since the connection opened (since the connect began while it had not). */
  ms: number;
}

export type WebSocketSessionState = 'connecting' | 'open' | 'closing' | 'closed';

/** A connection the app holds for the window, as the window shows it. */
export interface WebSocketSessionView {
  sessionId: string;
  projectId: string;
  endpointId: string | null;
  /** Where it connected, secrets masked. */
  url: string;
  state: WebSocketSessionState;
  /** The subprotocol the server chose; '' when none. */
  protocol: string;
  startedAt: string;
  /** Why it could not connect or broke, secrets masked. */
  error?: string;
  closeCode?: number;
  closeReason?: string;
  /** Messages before the first kept were let go to keep the timeline's memory bounded. */
  dropped: number;
  messages: WebSocketFrame[];
}

/** New messages and the state of a session, as the app announces them to the window (`websocket` events). */
export interface WebSocketSessionUpdate {
  sessionId: string;
  state: WebSocketSessionState;
  protocol: string;
  error?: string;
  closeCode?: number;
  closeReason?: string;
  messages: WebSocketFrame[];
}

/** A message the window asks the app to send; a json one is sent as its text once it parses. */
export interface WebSocketOutgoing {
  format: WebSocketMessageFormat;
  data: string;
}

/** What the window asks the app to connect: the endpoint as its editor holds it, in a project and environment. */
export interface WebSocketConnectInput {
  projectId: string;
  endpointId: string | null;
  environmentId: string | null;
  /** The folder an unsaved endpoint is to be saved in, whose auth it inherits. */
  folderId?: string | null;
  request: EndpointDraft;
}
