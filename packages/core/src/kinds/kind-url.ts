import { invalid } from '../field-readers.js';
import type { EndpointKind } from './endpoint-kind.js';

const WEBSOCKET_URL = /^wss?:\/\//i;

/** Whether a saved path is a whole ws:// or wss:// URL. */
export function isWebSocketUrl(path: string): boolean {
  return WEBSOCKET_URL.test(path);
}

/**
 * Refuses a ws:// or wss:// URL on an endpoint that is not a WebSocket, which no HTTP client could send. A WebSocket
 * endpoint may still be written after an http(s) `{{base_url}}`: it connects with the scheme switched to ws(s).
 */
export function checkKindUrl(kind: EndpointKind | undefined, path: string): void {
  if (kind !== 'websocket' && isWebSocketUrl(path)) {
    throw invalid(`path "${path}" is a WebSocket URL; set kind to websocket, or use an http(s) URL or a path`);
  }
}
