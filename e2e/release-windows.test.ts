import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  buildArtifacts,
  fileTypes,
  isBinary,
  linuxNode24,
  REPO_ROOT,
  VERSION,
} from './support/release-artifacts.js';

const run = promisify(execFile);
const TEST_TIMEOUT_MS = 180_000;
/** What each may weigh: Node's Windows binary alone deflates to 32 MiB (bench `package-size-windows-*`). */
const MAX_DOWNLOAD_BYTES = 40 * 1024 * 1024;
const zip = join(REPO_ROOT, 'build', `Client-${VERSION}-windows-x64.zip`);
const msi = join(REPO_ROOT, 'build', `Client-${VERSION}-windows-x64.msi`);
const scratch = mkdtempSync(join(tmpdir(), 'client-windows-'));
const folder = join(scratch, 'unpacked', 'Client');
/** Wine's own Windows, made in the scratch folder and told to be Windows 10 (Node 24's minimum). */
const wineEnv = {
  ...process.env,
  WINEPREFIX: join(scratch, 'wine'),
  WINEDEBUG: '-all',
  WINEDLLOVERRIDES: 'mscoree,mshtml=',
};

beforeAll(async () => {
  await buildArtifacts('package-windows.mjs');
  await run('unzip', ['-q', zip, '-d', join(scratch, 'unpacked')]);
  await run('wine', ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], { env: wineEnv });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await run('wineserver', ['--kill'], { env: wineEnv }).catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs a Windows program under Wine with `input` on its standard input. */
function wine(args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('wine', args, { env: wineEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A table of the MSI as msiinfo exports it: its rows, each a list of columns (the three header lines left out). */
async function msiTable(table: string): Promise<string[][]> {
  const { stdout } = await run('msiinfo', ['export', msi, table], { maxBuffer: 16 * 1024 * 1024 });
  return stdout
    .split(/\r?\n/)
    .slice(3)
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

describe('the Windows zip', () => {
  it(
    'unpacks to Client\\ with Client.exe, client-mcp.exe and the runtime beside the app folder',
    () => {
      expect(statSync(zip).size).toBeLessThanOrEqual(MAX_DOWNLOAD_BYTES);
      expect(readdirSync(join(scratch, 'unpacked'))).toEqual(['Client']);
      expect(readdirSync(folder).sort()).toEqual([
        'Client.exe',
        'README.txt',
        'app',
        'client-mcp.exe',
        'client.ico',
        'copyright.txt',
        'node-LICENSE.txt',
        'node.exe',
      ]);
      for (const entry of ['cli.mjs', 'client.mjs', 'client-mcp.mjs', 'client-mcp-bundle.mjs']) {
        expect(statSync(join(folder, 'app', entry)).isFile()).toBe(true);
      }
      expect(readFileSync(join(folder, 'README.txt'), 'utf8')).toContain('%APPDATA%\\Client');
      // Seven icons, PNG inside, from 16 to 256 pixels.
      const ico = readFileSync(join(folder, 'client.ico'));
      expect([ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([1, 7]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'holds only x86-64 Windows binaries: the two launchers, Node 24 and the keyring’s addon',
    async () => {
      const binaries = readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
        .filter(isBinary)
        .sort();
      expect(binaries.map((path) => path.slice(folder.length + 1))).toEqual([
        'Client.exe',
        'app/node_modules/@napi-rs/keyring-win32-x64-msvc/keyring.win32-x64-msvc.node',
        'client-mcp.exe',
        'node.exe',
      ]);
      const [client, keyring, clientMcp, node] = await fileTypes(binaries);
      expect(client).toMatch(/^PE32\+ executable \(GUI\) x86-64/);
      expect(keyring).toMatch(/^PE32\+ executable \(DLL\) \(GUI\) x86-64/);
      expect(clientMcp).toMatch(/^PE32\+ executable \(console\) x86-64/);
      expect(node).toMatch(/^PE32\+ executable \(console\) x86-64/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs under Wine: node.exe is Node 24, and each launcher starts node.exe beside it on its entry, passing arguments, standard input and output and the exit code, or says the runtime is missing',
    async () => {
      const node = await wine([join(folder, 'node.exe'), '--version']);
      expect(node.stdout.trim()).toMatch(/^v24\.\d+\.\d+$/);
      // Wine 8 cannot start V8 (it aborts reserving its tables), so the launchers are run on a stand-in for
      // node.exe that reports how it was started.
      const copy = join(scratch, 'launchers');
      mkdirSync(copy);
      for (const exe of ['Client.exe', 'client-mcp.exe']) await run('cp', [join(folder, exe), copy]);
      await run('x86_64-w64-mingw32-gcc', [
        '-municode',
        '-o',
        join(copy, 'node.exe'),
        join(REPO_ROOT, 'e2e', 'support', 'command-echo.c'),
      ]);
      const windowsCopy = `Z:${copy.replaceAll('/', '\\')}`;
      for (const [exe, entry] of [
        ['client-mcp.exe', 'client-mcp.mjs'],
        ['Client.exe', 'cli.mjs'],
      ]) {
        const started = await wine([join(copy, exe ?? ''), 'config', '--for', 'a b'], 'hello\n');
        expect(started.stdout.split(/\r?\n/).slice(0, 2)).toEqual([
          `"${windowsCopy}\\node.exe" "${windowsCopy}\\app\\${entry}" config --for "a b"`,
          'read hello',
        ]);
        expect(started.stderr).toContain('stderr');
        expect(started.code).toBe(7);
      }
      // Without the runtime beside it, a launcher says so and what to do.
      rmSync(join(copy, 'node.exe'));
      const alone = await wine([join(copy, 'client-mcp.exe'), '--version']);
      expect(alone.code).toBe(127);
      expect(alone.stderr).toContain('Client: cannot start node.exe beside it (Windows error 2). Reinstall Client.');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'has app JavaScript that names the install folder’s client-mcp.exe in client-mcp config and install',
    async () => {
      const home = join(scratch, 'home');
      const env = { PATH: '/usr/bin:/bin', HOME: home };
      const clientMcp = join(folder, 'app', 'client-mcp.mjs');
      const { stdout } = await run(linuxNode24(), [clientMcp, 'config'], { env });
      const expected = { mcpServers: { client: { command: join(folder, 'client-mcp.exe') } } };
      expect(JSON.parse(stdout)).toEqual(expected);
      await run(linuxNode24(), [clientMcp, 'install', '--for', 'windsurf'], { env });
      const written = readFileSync(join(home, '.codeium', 'windsurf', 'mcp_config.json'), 'utf8');
      expect(JSON.parse(written)).toEqual(expected);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the Windows installer', () => {
  it(
    'installs every file of the zip into Program Files\\Client, with a Start menu entry on Client.exe',
    async () => {
      expect(statSync(msi).size).toBeLessThanOrEqual(MAX_DOWNLOAD_BYTES);
      const tables = (await run('msiinfo', ['tables', msi])).stdout.split('\n');
      for (const table of ['File', 'Component', 'Directory', 'Feature', 'Shortcut', 'Upgrade', 'Media', 'Property']) {
        expect(tables).toContain(table);
      }
      const directories = await msiTable('Directory');
      expect(directories).toContainEqual(['INSTALLDIR', 'ProgramFiles64Folder', 'Client']);
      expect(directories).toContainEqual(['ProgramMenuFolder', 'TARGETDIR', '.']);
      // Every file of the zip, once, with its size (MSI names carry a short name before a `|`).
      const installed = (await msiTable('File')).map(([, , name, size]) => [name?.split('|').pop(), Number(size)]);
      const zipped = readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => [entry.name, statSync(join(entry.parentPath, entry.name)).size]);
      expect(installed.sort()).toEqual(zipped.sort());
      const clientExe = (await msiTable('File')).find(([, , name]) => name?.split('|').pop() === 'Client.exe');
      const [shortcut] = await msiTable('Shortcut');
      expect(shortcut?.slice(0, 4)).toEqual(['StartMenuClient', 'ProgramMenuFolder', 'Client', clientExe?.[1]]);
      // Windows Installer reads GUIDs in upper case only.
      for (const [, guid] of await msiTable('Component'))
        expect(guid).toMatch(/^\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}$/);
      const properties = new Map((await msiTable('Property')).map(([name, value]) => [name, value]));
      expect(properties.get('ProductName')).toBe('Client');
      expect(properties.get('ProductVersion')).toBe(VERSION);
      expect(properties.get('UpgradeCode')).toBe('{8C3A8B2E-1A0E-4F38-9D51-3E6F0C1B9A10}');
      expect(properties.get('ARPPRODUCTICON')).toBe('ClientIcon');
      expect((await run('msiinfo', ['suminfo', msi])).stdout).toMatch(/^Template: x64;1033$/m);
    },
    TEST_TIMEOUT_MS,
  );
});
