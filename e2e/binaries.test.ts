import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpSession, resultText, startMcpSession } from './support/mcp-session.js';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '..');
const version = (
  JSON.parse(readFileSync(join(repoRoot, 'packages', 'app', 'package.json'), 'utf8')) as { version: string }
).version;
const cpu = { x64: 'x86_64', arm64: 'aarch64' }[process.arch as 'x64' | 'arm64'];
const seaBinary = join(repoRoot, 'binaries', `client-mcp-${cpu}-unknown-linux-gnu`);
/** Both scripts run the bundler and inject into a ~100 MB binary; the .deb also compresses ~200 MB. */
const BUILD_TIMEOUT_MS = 600_000;
const TEST_TIMEOUT_MS = 120_000;
const TOOL_NAMES = ['save_curl', 'list_projects', 'list_endpoints', 'agent_info'];

const scratch = mkdtempSync(join(tmpdir(), 'client-binaries-'));
const extracted = join(scratch, 'root');
let deb: string;
const sessions: McpSession[] = [];
const children: ChildProcess[] = [];

async function session(command: string, env: Record<string, string>): Promise<McpSession> {
  const started = await startMcpSession({ command, env });
  sessions.push(started);
  return started;
}

beforeAll(async () => {
  await run(process.execPath, [join(repoRoot, 'packages', 'mcp', 'scripts', 'build-binaries.mjs')], { cwd: repoRoot });
  await run(process.execPath, [join(repoRoot, 'scripts', 'package-deb.mjs')], { cwd: repoRoot });
  const architecture = (await run('dpkg', ['--print-architecture'])).stdout.trim();
  deb = join(repoRoot, 'build', `client_${version}_${architecture}.deb`);
  await run('dpkg-deb', ['-x', deb, extracted]);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(sessions.map((started) => started.close()));
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('the client-mcp single executable', () => {
  it(
    'answers initialize and tools/list from a copy outside the checkout, as a development build',
    async () => {
      const lonely = join(scratch, 'no-app-here');
      const copy = join(mkdtempSync(join(scratch, 'sea-')), 'client-mcp');
      copyFileSync(seaBinary, copy);
      expect(statSync(copy).mode & 0o111).not.toBe(0);

      const mcp = await session(copy, { CLIENT_DATA_DIR: lonely });

      expect(mcp.client.getServerVersion()).toMatchObject({ name: 'client-mcp', version });
      expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
      expect((await mcp.call('agent_info')).structuredContent).toMatchObject({
        running: false,
        dataDir: lonely,
        flavor: 'dev',
      });
      const config = await run(copy, ['config']);
      expect(JSON.parse(config.stdout)).toEqual({ mcpServers: { client: { command: copy } } });
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the .deb package', () => {
  it(
    'names the package, its version and architecture',
    async () => {
      const fields = await run('dpkg-deb', ['--field', deb, 'Package', 'Version', 'Architecture', 'Depends']);
      const architecture = (await run('dpkg', ['--print-architecture'])).stdout.trim();
      expect(fields.stdout).toBe(
        `Package: client\nVersion: ${version}\nArchitecture: ${architecture}\nDepends: libc6 (>= 2.28), libstdc++6\n`,
      );
      const listing = (await run('dpkg-deb', ['--contents', deb], { maxBuffer: 16 * 1024 * 1024 })).stdout;
      expect(listing).toMatch(/^-rwxr-xr-x root\/root .* \.\/usr\/bin\/client-mcp$/m);
      expect(listing).toMatch(/^-rwxr-xr-x root\/root .* \.\/usr\/bin\/client$/m);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'installs the app under /usr/lib/client with its own Node runtime and native modules',
    () => {
      for (const path of [
        'usr/lib/client/node',
        'usr/lib/client/app/cli.mjs',
        'usr/lib/client/app/import-reader-thread.mjs',
        'usr/lib/client/app/packages/app/package.json',
        'usr/lib/client/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
        'usr/lib/client/app/node_modules/bindings/package.json',
        'usr/lib/client/app/node_modules/@napi-rs/keyring/package.json',
      ]) {
        expect(existsSync(join(extracted, path)), path).toBe(true);
      }
      expect(readFileSync(join(extracted, 'usr/bin/client'), 'utf8')).toContain(
        'exec /usr/lib/client/node /usr/lib/client/app/cli.mjs "$@"',
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs the extracted app on its bundled Node as a release build',
    async () => {
      const node = join(extracted, 'usr/lib/client/node');
      const cli = join(extracted, 'usr/lib/client/app/cli.mjs');
      const dataDir = join(scratch, 'status-data');

      expect((await run(node, [cli, '--version'])).stdout).toBe(`${version}\n`);
      const status = JSON.parse((await run(node, [cli, 'status'], { env: { CLIENT_DATA_DIR: dataDir } })).stdout);
      expect(status).toMatchObject({ running: false, dataDir, flavor: 'release', version });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'answers initialize and tools/list from the extracted /usr/bin/client-mcp, as a release build',
    async () => {
      const home = mkdtempSync(join(scratch, 'home-'));

      const mcp = await session(join(extracted, 'usr/bin/client-mcp'), { HOME: home });

      expect(mcp.client.getServerVersion()).toMatchObject({ name: 'client-mcp', version });
      expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
      expect((await mcp.call('agent_info')).structuredContent).toMatchObject({
        running: false,
        dataDir: join(home, '.local', 'share', 'Client'),
        flavor: 'release',
      });
      expect(existsSync(join(home, '.local'))).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lets the extracted client-mcp save a cURL command into the extracted app',
    async () => {
      const dataDir = mkdtempSync(join(scratch, 'app-data-'));
      const app = spawn(
        join(extracted, 'usr/lib/client/node'),
        [join(extracted, 'usr/lib/client/app/cli.mjs'), '--no-window'],
        { env: { ...process.env, CLIENT_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      children.push(app);
      let output = '';
      await new Promise<void>((ready, fail) => {
        app.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (/^Control plane: http:\/\/127\.0\.0\.1:\d+$/m.test(output)) ready();
        });
        app.once('exit', (code) => fail(new Error(`the extracted app exited (${code}):\n${output}`)));
      });

      const mcp = await session(join(extracted, 'usr/bin/client-mcp'), { CLIENT_DATA_DIR: dataDir });
      const saved = await mcp.call('save_curl', { command: 'curl https://api.example.com/v1/users' });

      expect(saved.isError, resultText(saved)).toBeFalsy();
      expect(saved.structuredContent).toMatchObject({ name: 'users', path: '/v1/users', state: 'Designing' });
      const exited = new Promise((done) => app.once('exit', done));
      app.kill('SIGTERM');
      await exited;
    },
    TEST_TIMEOUT_MS,
  );
});
