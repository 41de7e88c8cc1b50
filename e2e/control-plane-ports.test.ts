import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, runClientCommand, startAppProcess } from './support/app-process.js';
import { firstFreePort, holdPort, releaseHeldPorts } from './support/port-holder.js';
import { testPortRange, testPortsText } from './support/port-range.js';

const { first: FIRST_PORT, last: LAST_PORT } = testPortRange();

afterEach(async () => {
  await cleanupAppProcesses();
  await releaseHeldPorts();
});

describe('port probing', () => {
  it('takes the next free port when the first is held by another listener', async () => {
    await holdPort(FIRST_PORT);
    const expected = await firstFreePort(FIRST_PORT + 1, LAST_PORT);
    const app = await startAppProcess();
    expect(app.port).toBe(expected);
    expect(app.stdout()).toContain(`Control plane: http://127.0.0.1:${expected}\n`);
    expect(JSON.parse(readFileSync(join(app.dataDir, 'agent.json'), 'utf8')).port).toBe(expected);
    expect((await app.request('GET', '/agent/health')).json).toMatchObject({ status: 'ok', port: expected });
  });

  it('keeps the app running when all 20 ports are taken, and status says why', async () => {
    for (let port = FIRST_PORT; port <= LAST_PORT; port++) await holdPort(port);
    const app = await startAppProcess();
    expect(app.port).toBeNull();
    expect(app.downReason).toBe(
      `ports ${testPortsText()} on 127.0.0.1 are all in use by other programs; free one of them and restart the app`,
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
