import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastLines, runVitestIn } from '../../scripts/nested-vitest.test-support.js';
import { freePort } from './archetype-process.js';
import { isCi, MARIADB, missingServers, POSTGRESQL, REDIS, serverVerdict } from './required-servers.js';

describe('serverVerdict', () => {
  it('runs the test when every server answers, in CI or not', () => {
    expect(serverVerdict([], true)).toEqual({ kind: 'run' });
    expect(serverVerdict([], false)).toEqual({ kind: 'run' });
  });

  it('skips outside CI, naming each missing server and its address', () => {
    expect(serverVerdict([POSTGRESQL, REDIS], false)).toEqual({
      kind: 'skip',
      reason:
        'no server answers: PostgreSQL at 127.0.0.1:5432, Redis at 127.0.0.1:6379 (start it to run this test; CI requires it)',
    });
  });

  it('fails in CI, naming the missing server and its address', () => {
    const verdict = serverVerdict([MARIADB], true);
    expect(verdict).toEqual({
      kind: 'fail',
      message:
        'CI=true and no server answers: MariaDB at 127.0.0.1:3306; start it (CI runs these tests, it does not skip them)',
    });
  });
});

describe('isCi', () => {
  it('is true for CI=true and CI=1 only', () => {
    expect(isCi({ CI: 'true' })).toBe(true);
    expect(isCi({ CI: '1' })).toBe(true);
    expect(isCi({ CI: 'false' })).toBe(false);
    expect(isCi({})).toBe(false);
  });
});

describe('missingServers', () => {
  const listeners: Server[] = [];
  afterAll(() => Promise.all(listeners.map((server) => new Promise((done) => server.close(done)))));

  it('names the servers that accept no connection and leaves out the one that listens', async () => {
    const listener = createServer();
    listeners.push(listener);
    await new Promise<void>((ready) => listener.listen(0, '127.0.0.1', ready));
    const address = listener.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const up = { name: 'Up', port: address.port };
    const down = { name: 'Down', port: await freePort() };
    expect(await missingServers([up, down])).toEqual([down]);
  });
});

describe('requireServers in a real test run', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'required-servers-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  async function runWithMissingServer(env: NodeJS.ProcessEnv) {
    const port = await freePort();
    writeFileSync(
      join(fixture, 'needs-a-server.test.ts'),
      [
        `import { requireServers } from ${JSON.stringify(join(import.meta.dirname, 'required-servers.ts'))};`,
        "it('talks to Gone', async (context) => {",
        `  await requireServers(context, [{ name: 'Gone', port: ${port} }]);`,
        '});',
      ].join('\n'),
    );
    return { port, result: await runVitestIn(fixture, env) };
  }

  it('skips the test with the server and its address as the reason', async () => {
    const { port, result } = await runWithMissingServer({});
    expect(result.code).toBe(0);
    expect(lastLines(result.stdout, 3)).toEqual([
      'Skipped:',
      `  needs-a-server.test.ts › talks to Gone: no server answers: Gone at 127.0.0.1:${port} (start it to run this test; CI requires it)`,
      '0 passed, 0 failed, 1 skipped',
    ]);
  });

  it('fails the test with CI=true, naming the server and its address', async () => {
    const { port, result } = await runWithMissingServer({ CI: 'true' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`CI=true and no server answers: Gone at 127.0.0.1:${port}`);
    expect(lastLines(result.stdout, 1)).toEqual(['0 passed, 1 failed, 0 skipped']);
  });
});
