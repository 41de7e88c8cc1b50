import { AppError, type Endpoint } from '@client/core';

/**
 * An MCP endpoint is a session with a server (over stdio, a program the app starts), not one request: an agent may
 * not start a program on the person's computer, so agents cannot send one; the person connects from the window.
 */
export function refuseMcpForAgents(endpoint: Endpoint): void {
  if (endpoint.kind !== 'mcp') return;
  throw new AppError(
    'VALIDATION',
    `"${endpoint.name}" is an MCP server endpoint, and send_endpoint does not support MCP endpoints for agents yet; ` +
      'the person can connect to it in the Client window. Send one of the project’s HTTP endpoints instead.',
  );
}
