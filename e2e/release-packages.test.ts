import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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
/** A first build fetches the runtime, bundles, strips, compresses and runs lintian. */
const BUILD_TIMEOUT_MS = 900_000;
const TEST_TIMEOUT_MS = 120_000;
/** The release's goals: what a person downloads and what it takes on disk. */
const MAX_DOWNLOAD_BYTES = 35 * 1024 * 1024;
const MAX_INSTALLED_BYTES = 120_000_000;
const ICON_SIZES = [16, 24, 32, 48, 64, 128, 192, 256, 512];

const scratch = mkdtempSync(join(tmpdir(), 'client-release-'));
/** A throwaway system root the .deb is installed into with dpkg, and removed from. */
const system = join(scratch, 'system');
const portable = join(scratch, 'portable');
let deb: string;
let archive: string;
let lintianReport: string;
const sessions: McpSession[] = [];
const children: ChildProcess[] = [];

function dpkg(args: string[]) {
  // --force-not-root: dpkg keeps its database under the throwaway root whoever runs it; --force-depends: that
  // root's database lists none of the system's libraries the package depends on.
  return run('dpkg', [`--root=${system}`, '--force-not-root', '--force-depends', ...args]);
}

beforeAll(async () => {
  await run(process.execPath, [join(repoRoot, 'scripts', 'package-deb.mjs')], { cwd: repoRoot });
  const architecture = (await run('dpkg', ['--print-architecture'])).stdout.trim();
  deb = join(repoRoot, 'build', `client_${version}_${architecture}.deb`);
  archive = join(repoRoot, 'build', `client-${version}-linux-x64.tar.xz`);
  lintianReport = join(repoRoot, 'build', `client_${version}_${architecture}.lintian.txt`);
  for (const dir of ['updates', 'info']) mkdirSync(join(system, 'var/lib/dpkg', dir), { recursive: true });
  writeFileSync(join(system, 'var/lib/dpkg/status'), '');
  await dpkg(['--install', deb]);
  mkdirSync(portable);
  await run('tar', ['-xJf', archive, '-C', portable]);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(sessions.map((started) => started.close()));
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

async function session(command: string, env: Record<string, string>): Promise<McpSession> {
  const started = await startMcpSession({ command, env });
  sessions.push(started);
  return started;
}

/**
 * Starts a packaged `client --no-window` with only PATH and HOME, as a person's fresh account would; resolves with
 * the process and the UI address it printed.
 */
async function startPackagedApp(client: string, home: string): Promise<{ app: ChildProcess; ui: URL }> {
  const app = spawn(client, ['--no-window'], {
    env: { PATH: '/usr/bin:/bin', HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(app);
  let output = '';
  await new Promise<void>((ready, fail) => {
    app.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/^Control plane: http:\/\/127\.0\.0\.1:\d+$/m.test(output) && /^UI: \S+$/m.test(output)) ready();
    });
    app.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    app.once('exit', (code) => fail(new Error(`the packaged app exited (${code}):\n${output}`)));
  });
  return { app, ui: new URL(/^UI: (\S+)$/m.exec(output)?.[1] ?? '') };
}

/** The Agent panel's facts, read as the app's window does: the printed address opens a session, then /api/agent. */
async function agentPanel(ui: URL): Promise<{ mcpConfig: string }> {
  const opened = await fetch(ui, { redirect: 'manual' });
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const windowToken = /#window=([^&]+)/.exec(opened.headers.get('location') ?? '')?.[1] ?? '';
  const answer = await fetch(new URL('/api/agent', ui), {
    headers: { cookie, 'x-client-window': decodeURIComponent(windowToken) },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { mcpConfig: string };
}

async function stop(app: ChildProcess): Promise<void> {
  const exited = new Promise((done) => app.once('exit', done));
  app.kill('SIGTERM');
  await exited;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Every ELF executable under `dir`: a package with one runtime has exactly one. */
function elfExecutables(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => statSync(path).mode & 0o111)
    .filter((path) => readFileSync(path).subarray(0, 4).toString('latin1') === '\x7fELF');
}

describe('the .deb package', () => {
  it(
    'is xz-compressed, at most 35 MiB to download and 120 MB installed, and carries one Node 24 runtime',
    async () => {
      expect(statSync(deb).size).toBeLessThanOrEqual(MAX_DOWNLOAD_BYTES);
      const members = (await run('ar', ['t', deb])).stdout.split('\n');
      expect(members).toContain('data.tar.xz');
      const fields = await run('dpkg-deb', ['--field', deb, 'Package', 'Version', 'Installed-Size']);
      expect(fields.stdout).toMatch(new RegExp(`^Package: client\nVersion: ${version}\nInstalled-Size: \\d+\n$`));
      const installedKiB = Number(/Installed-Size: (\d+)/.exec(fields.stdout)?.[1]);
      expect(installedKiB * 1024).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);

      expect(elfExecutables(join(system, 'usr'))).toEqual([join(system, 'usr/lib/client/node')]);
      expect((await run(join(system, 'usr/lib/client/node'), ['--version'])).stdout).toMatch(/^v24\.\d+\.\d+\n$/);
      for (const launcher of ['client', 'client-mcp']) {
        expect(readFileSync(join(system, 'usr/bin', launcher), 'utf8')).toMatch(
          /^exec "\$lib\/node" "\$lib\/app\/[\w-]+\.mjs" "\$@"$/m,
        );
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'passes lintian with no errors',
    () => {
      const report = readFileSync(lintianReport, 'utf8');
      expect(report.split('\n').filter((line) => line.startsWith('E: '))).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'puts Client in the application menu: a desktop entry, hicolor icons and AppStream metainfo',
    () => {
      const entry = readFileSync(join(system, 'usr/share/applications/client.desktop'), 'utf8');
      for (const line of [
        'Name=Client',
        'Exec=client',
        'Icon=client',
        'Categories=Development;',
        'StartupWMClass=Client',
      ]) {
        expect(entry.split('\n')).toContain(line);
      }
      expect(entry).toMatch(/^Comment=.+$/m);
      const hicolor = join(system, 'usr/share/icons/hicolor');
      expect(readFileSync(join(hicolor, 'scalable/apps/client.svg'), 'utf8')).toContain('<svg');
      for (const size of ICON_SIZES) {
        expect(pngSize(join(hicolor, `${size}x${size}/apps/client.png`))).toEqual([size, size]);
      }
      const metainfo = readFileSync(join(system, 'usr/share/metainfo/client.metainfo.xml'), 'utf8');
      expect(metainfo).toContain('<launchable type="desktop-id">client.desktop</launchable>');
      expect(metainfo).toContain(`<release version="${version}"`);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs the installed client and client-mcp on the packaged runtime against a fresh HOME, saving and listing through MCP',
    async () => {
      const home = join(system, 'home', 'person');
      mkdirSync(home, { recursive: true });
      const dataDir = join(home, '.local', 'share', 'Client');
      const { app, ui } = await startPackagedApp(join(system, 'usr/bin/client'), home);
      // The Agent panel names the installed launcher, as client-mcp config does.
      expect(JSON.parse((await agentPanel(ui)).mcpConfig)).toEqual({
        mcpServers: { client: { command: join(system, 'usr/bin/client-mcp') } },
      });

      const mcp = await session(join(system, 'usr/bin/client-mcp'), { HOME: home });
      expect(mcp.client.getServerVersion()).toMatchObject({ name: 'client-mcp', version });
      expect((await mcp.call('agent_info')).structuredContent).toMatchObject({
        running: true,
        dataDir,
        flavor: 'release',
      });
      const saved = await mcp.call('save_curl', {
        command:
          'curl -X POST https://api.example.com/v1/users -H \'Content-Type: application/json\' -d \'{"name":"ada"}\'',
      });
      expect(saved.isError, resultText(saved)).toBeFalsy();
      expect(saved.structuredContent).toMatchObject({ name: 'users', method: 'POST', path: '/v1/users' });
      const { projectId } = saved.structuredContent as { projectId: string };
      const projects = await mcp.call('list_projects');
      expect(projects.structuredContent).toMatchObject({
        projects: [{ projectId, name: 'Agent imports', endpointCount: 1 }],
      });
      const endpoints = await mcp.call('list_endpoints', { projectId });
      expect(endpoints.structuredContent).toMatchObject({
        projectId,
        endpoints: [{ name: 'users', method: 'POST', path: '/v1/users', baseUrl: 'https://api.example.com' }],
      });
      const config = JSON.parse((await run(join(system, 'usr/bin/client-mcp'), ['config'])).stdout);
      expect(config).toEqual({ mcpServers: { client: { command: join(system, 'usr/bin/client-mcp') } } });
      await stop(app);
      expect(existsSync(join(dataDir, 'client.db'))).toBe(true);
      // Both kept the code V8 compiled for them in the account's own cache folder, which only it may enter.
      const cache = join(home, '.cache', 'client', 'compile-cache');
      expect(statSync(cache).mode & 0o777).toBe(0o700);
      expect(readdirSync(cache, { recursive: true }).length).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'leaves the data dir alone when it is removed and purged',
    async () => {
      const dataDir = join(system, 'home', 'kept', '.local', 'share', 'Client');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, 'client.db'), 'a person’s projects');
      const control = join(scratch, 'control');
      await run('dpkg-deb', ['--control', deb, control]);
      // No maintainer script (preinst, postinst, prerm, postrm): removing it deletes only the files it installed.
      expect(readdirSync(control).sort()).toEqual(['control']);

      await dpkg(['--purge', 'client']);

      expect(existsSync(join(system, 'usr/lib/client'))).toBe(false);
      expect(existsSync(join(system, 'usr/bin/client'))).toBe(false);
      expect(readFileSync(join(dataDir, 'client.db'), 'utf8')).toBe('a person’s projects');
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the portable archive', () => {
  it(
    'holds the runtime, the app, both launchers and a README, and runs from wherever it is unpacked',
    async () => {
      const top = join(portable, `client-${version}`);
      expect(readdirSync(portable)).toEqual([`client-${version}`]);
      expect(readFileSync(join(top, 'README.md'), 'utf8')).toContain('bin/client-mcp');
      expect(elfExecutables(top)).toEqual([join(top, 'lib/client/node')]);
      const home = mkdtempSync(join(scratch, 'portable-home-'));

      expect((await run(join(top, 'bin/client'), ['--version'])).stdout).toBe(`${version}\n`);
      const status = JSON.parse((await run(join(top, 'bin/client'), ['status'], { env: { HOME: home } })).stdout);
      expect(status).toMatchObject({ running: false, flavor: 'release', dataDir: join(home, '.local/share/Client') });
      const mcp = await session(join(top, 'bin/client-mcp'), { HOME: home });
      expect((await mcp.call('agent_info')).structuredContent).toMatchObject({ running: false, flavor: 'release' });
      const config = JSON.parse((await run(join(top, 'bin/client-mcp'), ['config'])).stdout);
      expect(config).toEqual({ mcpServers: { client: { command: join(top, 'bin/client-mcp') } } });
    },
    TEST_TIMEOUT_MS,
  );
});
