import type { Server } from 'node:http';

/** Errors that mean "this port cannot be had, try the next one". */
const PORT_UNAVAILABLE = new Set(['EADDRINUSE', 'EACCES']);

export type ProbeResult = { port: number } | { port: null; refusals: { port: number; code: string }[] };

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      server.off('listening', listening);
      reject(error);
    };
    const listening = () => {
      server.off('error', failed);
      resolve();
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen({ port, host });
  });
}

/**
 * Listens on the first port of `ports` that can be bound, trying them in order. Binding is the probe
 * itself, so no other process can take the port between the check and the listen.
 */
export async function listenOnFirstFreePort(
  server: Server,
  ports: readonly number[],
  host: string,
): Promise<ProbeResult> {
  const refusals: { port: number; code: string }[] = [];
  for (const port of ports) {
    try {
      await listen(server, port, host);
      const address = server.address();
      return { port: typeof address === 'object' && address !== null ? address.port : port };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!PORT_UNAVAILABLE.has(code)) throw error;
      refusals.push({ port, code });
    }
  }
  return { port: null, refusals };
}
