import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, runClientCommand, startAppProcess } from './support/app-process.js';

const FIRST_PORT = 4110;
const LAST_PORT = 4129;
const holders: Server[] = [];

afterEach(async () => {
  await cleanupAppProcesses();
  await Promise.all(holders.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/**
 * Listens on `port` as another program would (it reads what it is sent and never answers); false when
 * something else already holds the port.
 */
async function hold(port: number): Promise<boolean> {
  const server = createServer((socket) => socket.resume());
  server.listen(port, '127.0.0.1');
  const [event] = await Promise.race([once(server, 'listening').then(() => ['ok']), once(server, 'error')]);
  if (event !== 'ok') return false;
  holders.push(server);
  return true;
}

async function firstFreePortFrom(port: number): Promise<number> {
  for (let candidate = port; candidate <= LAST_PORT; candidate++) {
    const server = createServer();
    server.listen(candidate, '127.0.0.1');
    const [event] = await Promise.race([once(server, 'listening').then(() => ['ok']), once(server, 'error')]);
    if (event === 'ok') {
      await new Promise((done) => server.close(done));
      return candidate;
    }
  }
  throw new Error(`no free port in ${port}–${LAST_PORT}`);
}

describe('port probing', () => {
  it('takes the next free port when 4110 is held by another listener', async () => {
    await hold(FIRST_PORT);
    const expected = await firstFreePortFrom(FIRST_PORT + 1);
    const app = await startAppProcess();
    expect(app.port).toBe(expected);
    expect(app.stdout()).toContain(`Control plane: http://127.0.0.1:${expected}\n`);
    expect(JSON.parse(readFileSync(join(app.dataDir, 'agent.json'), 'utf8')).port).toBe(expected);
    expect((await app.request('GET', '/agent/health')).json).toMatchObject({ status: 'ok', port: expected });
  });

  it('keeps the app running when all 20 ports are taken, and status says why', async () => {
    for (let port = FIRST_PORT; port <= LAST_PORT; port++) await hold(port);
    const app = await startAppProcess();
    expect(app.port).toBeNull();
    expect(app.downReason).toBe(
      'ports 4110–4129 on 127.0.0.1 are all in use by other programs; free one of them and restart the app',
    );
    expect(existsSync(join(app.dataDir, 'agent.json'))).toBe(false);

    const status = await runClientCommand(['status'], { dataDir: app.dataDir });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({
      running: false,
      address: null,
      port: null,
      reason: `the app is running (pid ${app.pid}) but its control plane is down: ${app.downReason}`,
      tokenPath: app.tokenPath,
      dataDir: app.dataDir,
      flavor: 'dev',
      version: '0.1.0',
    });

    const projects = await runClientCommand(['project', 'list'], { dataDir: app.dataDir });
    expect([projects.code, JSON.parse(projects.stdout)]).toEqual([0, []]);
    expect(app.child.exitCode).toBeNull();
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    expect(existsSync(join(app.dataDir, 'app-state.json'))).toBe(false);
  });
});
