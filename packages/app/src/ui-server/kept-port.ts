import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '@client/store';

/** The preference that keeps the UI server's port from one run to the next. */
const PORT_PREFERENCE = 'ui-port';

type Preferences = Pick<Store['preferences'], 'get' | 'set'>;

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function keptPort(preferences: Preferences): number | null {
  const port = Number(preferences.get(PORT_PREFERENCE));
  return Number.isInteger(port) && port >= 1024 && port <= 65_535 ? port : null;
}

/**
 * Listens on the port the UI server had last time when it is free, else on one the system picks, kept for next
 * time. The window's origin then stays the same from run to run, so the window's own browser profile keeps the
 * page's hashed scripts, and the code compiled from them, instead of fetching and compiling them at every start.
 * The port is no secret: the session is what guards the server, and a port someone else holds is simply not used.
 */
export async function listenOnKeptPort(
  server: Server,
  host: string,
  preferences: Preferences,
  log: (line: string) => void,
): Promise<number> {
  const kept = keptPort(preferences);
  if (kept !== null) {
    try {
      return await listen(server, host, kept);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    }
  }
  const port = await listen(server, host, 0);
  try {
    preferences.set(PORT_PREFERENCE, String(port));
  } catch (error) {
    // Only a hint for the next run, which then picks a port again.
    log(`ui-server: the UI port could not be kept for the next run: ${(error as Error).message}`);
  }
  return port;
}
