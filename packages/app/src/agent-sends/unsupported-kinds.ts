import { AppError, type Endpoint } from '@client/core';

/** Refuses, with what to do instead, an agent's send of an endpoint whose kind agents cannot send yet. */
export function refuseUnsupportedKind(endpoint: Endpoint): void {
  if (endpoint.kind === 'websocket') {
    throw new AppError(
      'VALIDATION',
      `"${endpoint.name}" is a WebSocket endpoint, and sending one is not supported for agents yet; ` +
        'the person can connect and send its messages in the app',
    );
  }
  // A stdio MCP server is a program the app would start: agents may not start programs on the person's computer.
  if (endpoint.kind === 'mcp') {
    throw new AppError(
      'VALIDATION',
      `"${endpoint.name}" is an MCP server endpoint, and send_endpoint does not support MCP endpoints for agents yet; ` +
        'the person can connect to it in the Client window. Send one of the project’s HTTP endpoints instead.',
    );
  }
}
