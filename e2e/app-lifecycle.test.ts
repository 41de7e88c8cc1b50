import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { ImportResult, ProjectListing } from '@client/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, runClientCommand, startAppProcess } from './support/app-process.js';

afterEach(cleanupAppProcesses);

describe('starting', () => {
  it('prints where everything is, writes agent.json and a private token, and answers health', async () => {
    const app = await startAppProcess();
    const { dataDir } = app;
    expect(app.stdout()).toContain(
      [`Data dir: ${dataDir}`, `Token: ${dataDir}/agent-token`, `Control plane: http://127.0.0.1:${app.port}`].join(
        '\n',
      ),
    );
    expect(app.stdout()).not.toContain(app.token);
    expect(JSON.parse(readFileSync(join(dataDir, 'agent.json'), 'utf8'))).toEqual({
      port: app.port,
      pid: app.pid,
      version: '0.1.0',
      flavor: 'dev',
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(app.token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(statSync(app.tokenPath).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect((await app.request('GET', '/agent/health')).status).toBe(200);
  });

  it('accepts --no-window and runs the same way without it', async () => {
    const app = await startAppProcess({ args: [] });
    expect((await app.request('GET', '/agent/health')).status).toBe(200);
  });

  it('does not start a second control plane on the same data dir: it reports the running one and exits 0', async () => {
    const app = await startAppProcess();
    const second = await runClientCommand(['--no-window'], { dataDir: app.dataDir });
    expect(second).toMatchObject({ code: 0, stderr: '' });
    const uiUrl = JSON.parse(readFileSync(join(app.dataDir, 'ui.json'), 'utf8')).url;
    expect(uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?session=/);
    expect(second.stdout).toBe(
      `Client is already running (pid ${app.pid}) on data dir ${app.dataDir}; its control plane is at http://127.0.0.1:${app.port}\n` +
        `UI: ${uiUrl}\n`,
    );
    expect(JSON.parse(readFileSync(join(app.dataDir, 'agent.json'), 'utf8')).pid).toBe(app.pid);
    expect((await app.request('GET', '/agent/health')).status).toBe(200);
  });

  it('runs on and stops cleanly when whatever read its output went away (`client | head -3`)', async () => {
    const app = await startAppProcess();
    app.child.stdout?.destroy();
    // Written after the reader left: the UI line, once ui.json is there, and the stopping lines.
    await expect.poll(() => existsSync(join(app.dataDir, 'ui.json')), { message: 'ui.json is written' }).toBe(true);
    expect((await app.request('GET', '/agent/health')).status).toBe(200);
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    // Only the request's log line: no stack of an unhandled write error.
    expect(app.stderr()).toMatch(/^\S+ GET \/agent\/health 200 \d+ms\n$/);
  });

  it('refuses a relative CLIENT_DATA_DIR with one line and a non-zero exit', async () => {
    const result = await runClientCommand(['--no-window'], { dataDir: 'relative/dir' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('client: CLIENT_DATA_DIR must be an absolute path, not "relative/dir"\n');
  });
});

describe('stopping', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'shuts down cleanly on %s: exit 0, agent.json and the lock removed, the DB closed, data kept',
    async (signal) => {
      const app = await startAppProcess();
      const imported = (await app.request('POST', '/agent/curl', { body: { command: 'curl https://a.example/x' } }))
        .json as ImportResult;
      expect(await app.stop(signal)).toEqual({ code: 0, signal: null });
      expect(app.stdout()).toMatch(new RegExp(`Stopping \\(${signal}\\)…\\nStopped\\.\\n$`));
      // A closed SQLite database in WAL mode has checkpointed and removed its -wal and -shm files.
      expect(readdirSync(app.dataDir).sort()).toEqual(['agent-token', 'client.db']);

      const restarted = await startAppProcess({ dataDir: app.dataDir });
      const projects = (await restarted.request('GET', '/agent/projects')).json as ProjectListing[];
      expect(projects).toEqual([expect.objectContaining({ projectId: imported.projectId, endpointCount: 1 })]);
    },
  );

  it('lets an in-flight import finish before it exits', async () => {
    const app = await startAppProcess();
    const body = JSON.stringify({ command: 'curl https://a.example/slow' });
    const socket = connect(app.port ?? 0, '127.0.0.1');
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    socket.write(
      `POST /agent/curl HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nX-Agent-Token: ${app.token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n` +
        'Connection: close\r\n\r\n',
    );
    // The app asks for the body once it has taken the request: it is in flight when the app is told to stop.
    const [asked] = await once(socket, 'data');
    expect(String(asked)).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.write(body.slice(0, 8));
    app.child.kill('SIGTERM');
    await expect.poll(() => app.stdout(), { message: 'the app begins to stop' }).toContain('Stopping (SIGTERM)');
    socket.write(body.slice(8));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(await app.exited).toEqual({ code: 0, signal: null });

    const restarted = await startAppProcess({ dataDir: app.dataDir });
    const projects = (await restarted.request('GET', '/agent/projects')).json as ProjectListing[];
    expect(projects[0]?.endpointCount).toBe(1);
  });

  it('leaves files a crash left behind to the next start, which takes over', async () => {
    const app = await startAppProcess();
    await app.kill();
    expect(existsSync(join(app.dataDir, 'agent.json'))).toBe(true);
    const restarted = await startAppProcess({ dataDir: app.dataDir });
    expect(JSON.parse(readFileSync(join(app.dataDir, 'agent.json'), 'utf8')).pid).toBe(restarted.pid);
    expect((await restarted.request('GET', '/agent/health')).status).toBe(200);
  });
});
