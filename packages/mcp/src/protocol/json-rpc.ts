import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC 2.0's own error codes, which MCP uses for protocol errors. */
export const JSON_RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** What one incoming message is, once its envelope has been checked. */
export type IncomingMessage =
  | { kind: 'request'; id: RequestId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  /** An answer to a request of ours; this server sends none, so it is ignored. */
  | { kind: 'response' }
  /** Not a JSON-RPC 2.0 message; `id` is the request's when it could be read, so the error can name it. */
  | { kind: 'invalid'; id: RequestId | undefined; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** MCP ids are strings or integers; JSON-RPC's `null` id is not allowed for requests. */
function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || Number.isSafeInteger(value);
}

/** Sorts a parsed JSON value into request, notification or response, or says why it is none of them. */
export function classifyMessage(value: unknown): IncomingMessage {
  if (!isRecord(value)) {
    const what = Array.isArray(value)
      ? 'a batch (an array), which MCP has not used since its 2025-06-18 revision'
      : `a JSON ${typeof value}`;
    return { kind: 'invalid', id: undefined, message: `expected one JSON-RPC 2.0 message object, got ${what}` };
  }
  const id = isRequestId(value.id) ? value.id : undefined;
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', id, message: 'the message must carry "jsonrpc": "2.0"' };
  if (value.method === undefined && ('result' in value || 'error' in value)) return { kind: 'response' };
  if (typeof value.method !== 'string') return { kind: 'invalid', id, message: 'the message has no "method" string' };
  if (value.params !== undefined && !isRecord(value.params)) {
    return { kind: 'invalid', id, message: `the "params" of ${value.method} must be an object` };
  }
  const params = value.params ?? {};
  if (!('id' in value)) return { kind: 'notification', method: value.method, params };
  if (id === undefined) return { kind: 'invalid', id, message: 'a request id must be a string or an integer' };
  return { kind: 'request', id, method: value.method, params };
}

/** The error answer to a request; without an id (the request's could not be read) as MCP's schema allows. */
export function errorResponse(id: RequestId | undefined, code: number, message: string): JSONRPCMessage {
  return id === undefined
    ? ({ jsonrpc: '2.0', error: { code, message } } as JSONRPCMessage)
    : { jsonrpc: '2.0', id, error: { code, message } };
}
