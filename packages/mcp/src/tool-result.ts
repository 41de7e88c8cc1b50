import type { ErrorBody } from '@client/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Success: the value as `structuredContent` and, for clients that read only text, the same JSON as text. */
export function successResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * A failure with a code: the text is exactly the JSON `{code, message}`. Failures carry no `structuredContent`,
 * because MCP clients check any `structuredContent` against the tool's `outputSchema`, which describes success.
 */
export function errorResult(error: ErrorBody): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify({ code: error.code, message: error.message }) }],
    isError: true,
  };
}

/** No control plane to ask: there is no code to pass on, so the text is the sentence saying what to do. */
export function notRunningResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
