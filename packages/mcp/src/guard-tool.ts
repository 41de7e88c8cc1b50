import { isAppError } from '@client/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorResult } from './tool-result.js';

/**
 * Runs a tool body so that every failure is a tool result in the `{code, message}` form: an `AppError` (such as a
 * malformed `CLIENT_DATA_DIR`) keeps its code, anything unexpected becomes `INTERNAL`.
 */
export async function guardTool(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error)) return errorResult(error.toJSON());
    const detail = error instanceof Error ? error.message : String(error);
    return errorResult({ code: 'INTERNAL', message: `client-mcp failed unexpectedly: ${detail}` });
  }
}
