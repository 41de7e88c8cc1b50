import { freePort } from '@client/local/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand, startAppProcess } from './support/app-process.js';
import { startMockProcess, stopMockProcesses } from './support/mock-process.js';
import { type MockProject, seedMockProject, USER_EXAMPLE } from './support/mock-project.js';
import { holdPort, releaseHeldPorts } from './support/port-holder.js';

const dataDir = createDataDir();
let project: MockProject;

beforeAll(() => {
  project = seedMockProject(dataDir);
});
afterEach(async () => {
  await stopMockProcesses();
  await releaseHeldPorts();
});
afterAll(cleanupAppProcesses);

/** A request line as `client mock` prints it, after the time of day. */
const line = (text: string) =>
  new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+ ms$`, 'm');

describe('client mock', () => {
  it('prints its address from port 4010 up, a line per request, and stops on Ctrl-C with exit 0', async () => {
    const mock = await startMockProcess(['Shop'], { dataDir });
    expect(mock.port).toBeGreaterThanOrEqual(4010);
    expect(mock.port).toBeLessThanOrEqual(4109);
    expect(mock.stdout()).toContain(`Mock: http://127.0.0.1:${mock.port}\n`);

    const answer = await fetch(`${mock.url}/users/1`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(USER_EXAMPLE);
    await mock.waitForOutput(line('GET /users/1 → 200 Get user (example "ok")'));

    const missing = await fetch(`${mock.url}/users/1`, { headers: { Prefer: 'example=missing' } });
    expect(missing.status).toBe(404);
    await mock.waitForOutput(line('GET /users/1 → 404 Get user (example "missing")'));

    expect((await fetch(`${mock.url}/nowhere`)).status).toBe(404);
    await mock.waitForOutput(line('GET /nowhere → 404'));

    expect(await mock.stop('SIGINT')).toEqual({ code: 0, signal: null });
    expect(mock.stdout()).toMatch(/Stopping \(SIGINT\)…\nStopped\.\n$/);
    await expect(fetch(`${mock.url}/users/1`)).rejects.toThrow();
  });

  it('takes the port, folder and options given, and stops on SIGTERM', async () => {
    const port = await freePort();
    const mock = await startMockProcess(
      [
        project.projectId,
        '--folder',
        project.adminFolderId,
        '--port',
        String(port),
        '--delay',
        '30',
        '--cors',
        'http://localhost:3000',
      ],
      { dataDir },
    );
    expect(mock.url).toBe(`http://127.0.0.1:${port}`);
    const started = performance.now();
    const stats = await fetch(`${mock.url}/admin/stats`, { headers: { Origin: 'http://localhost:3000' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
    expect(stats.status).toBe(200);
    expect(stats.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    // Outside the folder.
    expect((await fetch(`${mock.url}/users/1`)).status).toBe(404);
    expect(await mock.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('validates requests against the contract unless --no-validate', async () => {
    const checked = await startMockProcess(['Shop'], { dataDir });
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    expect((await fetch(`${checked.url}/users`, post)).status).toBe(422);
    expect((await fetch(`${checked.url}/users/0`)).status).toBe(422);
    const unchecked = await startMockProcess(['Shop', '--no-validate'], { dataDir });
    expect((await fetch(`${unchecked.url}/users`, post)).status).toBe(201);
  });

  it('runs beside the app on the same data dir', async () => {
    const app = await startAppProcess({ dataDir });
    try {
      const mock = await startMockProcess(['shop'], { dataDir });
      expect((await fetch(`${mock.url}/users/7`)).status).toBe(200);
      expect(await mock.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await app.stop();
    }
  });

  it.each([
    [['Nope'], 1, 'client: no project Nope; list them with client project list'],
    [['Shop', '--port', 'x'], 2, 'client: --port takes a port number from 1 to 65535, not "x"; see client --help'],
    [['Shop', '--delay', '9-1'], 2, 'client: --delay takes milliseconds'],
    [['Shop', '--verbose'], 2, 'client: unknown option "--verbose"; see client --help'],
    [[], 2, 'client: mock needs a project: client mock <project id|name>; see client --help'],
  ])('refuses `client mock %j` with exit %i and one line', async (args, code, message) => {
    const result = await runClientCommand(['mock', ...args], { dataDir });
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it('refuses an unknown folder and a taken port with exit 1 and one line', async () => {
    const folder = await runClientCommand(['mock', 'Shop', '--folder', 'nope'], { dataDir });
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(/^client: .*nope.*\n$/);

    const port = await freePort();
    expect(await holdPort(port)).toBe(true);
    const taken = await runClientCommand(['mock', 'Shop', '--port', String(port)], { dataDir });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(new RegExp(`^client: .*${port}.*\\n$`));
    expect(taken.stdout).toBe('');
  });
});
