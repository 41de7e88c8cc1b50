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
}
