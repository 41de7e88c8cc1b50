import type { Server } from 'node:http';
import { AppError, MOCK_PORT_FIRST, MOCK_PORT_LAST } from '@client/core';

/** The ports a mock takes when none is asked for, first to last. */
export interface MockPortRange {
  first: number;
  last: number;
}

export const MOCK_PORTS: MockPortRange = { first: MOCK_PORT_FIRST, last: MOCK_PORT_LAST };

const MOCK_HOST = '127.0.0.1';

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    };
    server.once('error', refused);
    server.listen({ host: MOCK_HOST, port, exclusive: true }, () => {
      server.off('error', refused);
      resolve(true);
    });
  });
}

/**
 * Binds a mock's server to 127.0.0.1 (never another interface): on `port` when one is asked for, else on the
 * first free port of `range`. CONFLICT when the asked port is taken, or every port of the range is.
 */
export async function listenForMock(server: Server, port: number | undefined, range: MockPortRange): Promise<number> {
  if (port !== undefined) {
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new AppError('VALIDATION', `port ${port} is not a TCP port; pass a whole number from 1 to 65535`);
    }
    if (await listen(server, port)) return port;
    throw new AppError(
      'CONFLICT',
      `port ${port} on ${MOCK_HOST} is taken; pass another port, or none to take the first free one from ${range.first}`,
    );
  }
  for (let candidate = range.first; candidate <= range.last; candidate++) {
    if (await listen(server, candidate)) return candidate;
  }
  throw new AppError(
    'CONFLICT',
    `every mock port from ${range.first} to ${range.last} on ${MOCK_HOST} is taken; stop a mock or pass a port of your choosing`,
  );
}
