import { AppError } from '@client/core';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** How much of a server's stderr a message quotes: the last lines, where the reason usually is. */
const STDERR_QUOTED = 600;

function reasonOf(error: unknown): string {
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT' && 'path' in error) {
    return `the command "${String(error.path)}" was not found; give its full path or check the PATH the app has`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * An SDK or transport failure as the app's error: arguments the server refused (JSON-RPC invalid params or an
 * unknown method) are `VALIDATION`, anything else (unreachable, timed out, exited) is `SEND_FAILED`. A stdio
 * server's last words on stderr are quoted, since that is where it says why.
 */
export function mcpFailure(error: unknown, context: string, stderr: string): AppError {
  if (error instanceof AppError) return error;
  const refused =
    error instanceof McpError && (error.code === ErrorCode.InvalidParams || error.code === ErrorCode.MethodNotFound);
  const tail = stderr.trim().slice(-STDERR_QUOTED);
  const message = `${context}: ${reasonOf(error)}${tail === '' ? '' : `; the server wrote: ${tail}`}`;
  return new AppError(refused ? 'VALIDATION' : 'SEND_FAILED', message, { cause: error });
}
