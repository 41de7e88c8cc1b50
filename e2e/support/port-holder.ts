import { once } from 'node:events';
import { createServer, type Server } from 'node:net';

const holders: Server[] = [];

/**
 * Listens on `port` as another program would: it accepts connections, reads what it is sent, and never
 * answers. False when something else already holds the port, which counts as taken just the same.
 */
export async function holdPort(port: number): Promise<boolean> {
  const server = createServer((socket) => socket.resume());
  server.listen(port, '127.0.0.1');
  const [event] = await Promise.race([once(server, 'listening').then(() => ['ok']), once(server, 'error')]);
  if (event !== 'ok') return false;
  holders.push(server);
  return true;
}

/** The first port from `from` to `last` that nothing holds. */
export async function firstFreePort(from: number, last: number): Promise<number> {
  for (let candidate = from; candidate <= last; candidate++) {
    const server = createServer();
    server.listen(candidate, '127.0.0.1');
    const [event] = await Promise.race([once(server, 'listening').then(() => ['ok']), once(server, 'error')]);
    if (event === 'ok') {
      await new Promise((done) => server.close(done));
      return candidate;
    }
  }
  throw new Error(`no free port in ${from}–${last}`);
}

/** Frees every port `holdPort` took. Use in `afterEach`. */
export async function releaseHeldPorts(): Promise<void> {
  await Promise.all(holders.splice(0).map((server) => new Promise((done) => server.close(done))));
}
