import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpSession, resultText, startMcpSession } from './support/mcp-session.js';
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
const TEST_TIMEOUT_MS = 120_000;
/** What the zip may weigh: Node's macOS binary alone deflates to 38 MiB (bench `package-size-macos-zip`). */
const MAX_ZIP_BYTES = 45 * 1024 * 1024;
const zip = join(REPO_ROOT, 'build', `Client-${VERSION}-macos-x64.zip`);
const scratch = mkdtempSync(join(tmpdir(), 'client-macos-'));
const unpacked = join(scratch, 'unpacked');
const contents = join(unpacked, 'Client.app', 'Contents');
const sessions: McpSession[] = [];

beforeAll(async () => {
  await buildArtifacts('package-macos.mjs');
  await run('unzip', ['-q', zip, '-d', unpacked]);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  rmSync(scratch, { recursive: true, force: true });
});

/** Reads a property list with Python's plistlib, which takes Apple's format as macOS does. */
async function readPlist(path: string): Promise<Record<string, unknown>> {
  const script = 'import json, plistlib, sys; print(json.dumps(plistlib.load(open(sys.argv[1], "rb"))))';
  return JSON.parse((await run('python3', ['-c', script, path])).stdout) as Record<string, unknown>;
}

describe('the macOS zip', () => {
  it(
    'unpacks to Client.app alone, with the runtime and both launchers in Contents/MacOS and the app in Resources',
    () => {
      expect(statSync(zip).size).toBeLessThanOrEqual(MAX_ZIP_BYTES);
      expect(readdirSync(unpacked)).toEqual(['Client.app']);
      expect(readdirSync(contents).sort()).toEqual(['Info.plist', 'MacOS', 'PkgInfo', 'Resources']);
      expect(readdirSync(join(contents, 'MacOS')).sort()).toEqual(['client', 'client-mcp', 'node']);
      for (const file of ['client', 'client-mcp', 'node']) {
        expect(statSync(join(contents, 'MacOS', file)).mode & 0o777).toBe(0o755);
      }
      expect(readFileSync(join(contents, 'PkgInfo'), 'latin1')).toBe('APPL????');
      const resources = readdirSync(join(contents, 'Resources')).sort();
      expect(resources).toEqual(['app', 'client.icns', 'copyright', 'node-LICENSE']);
      for (const [launcher, entry] of [
        ['client', 'cli.mjs'],
        ['client-mcp', 'client-mcp.mjs'],
      ]) {
        expect(readFileSync(join(contents, 'MacOS', launcher ?? ''), 'utf8')).toMatch(
          new RegExp(`^exec "\\$macos/node" "\\$macos/\\.\\./Resources/app/${entry}" "\\$@"$`, 'm'),
        );
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'holds only x86-64 Mach-O binaries: Node 24 and the keyring’s addon',
    async () => {
      const binaries = readdirSync(join(unpacked, 'Client.app'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
        .filter(isBinary)
        .sort();
      expect(binaries.map((path) => path.slice(contents.length + 1))).toEqual([
        'MacOS/node',
        'Resources/app/node_modules/@napi-rs/keyring-darwin-x64/keyring.darwin-x64.node',
      ]);
      const [node, keyring] = await fileTypes(binaries);
      expect(node).toMatch(/^Mach-O 64-bit x86_64 executable/);
      expect(keyring).toMatch(/^Mach-O 64-bit x86_64 dynamically linked shared library/);
      // Node's own release build of version 24, as the download address inside it says.
      expect(readFileSync(join(contents, 'MacOS', 'node')).includes('nodejs.org/download/release/v24.')).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'has an Info.plist macOS reads: bundle id, version, executable, icon and minimum system',
    async () => {
      expect(await readPlist(join(contents, 'Info.plist'))).toMatchObject({
        CFBundleIdentifier: 'invalid.client.Client',
        CFBundleName: 'Client',
        CFBundleExecutable: 'client',
        CFBundleIconFile: 'client.icns',
        CFBundlePackageType: 'APPL',
        CFBundleShortVersionString: VERSION,
        CFBundleVersion: VERSION,
        LSMinimumSystemVersion: '13.5',
        NSHighResolutionCapable: true,
      });
      const icons = (await run('icns2png', ['--list', join(contents, 'Resources', 'client.icns')])).stdout;
      for (const size of [16, 32, 48, 128, 256, 512]) expect(icons).toContain(`${size}x${size} 32-bit icon`);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'runs its launchers and app folder (with this machine’s Node 24 in place of the Mach-O one): client-mcp config and install name Contents/MacOS/client-mcp, and it serves MCP',
    async () => {
      // A copy whose runtime is Linux's Node 24: what is tested is the bundle's shell launchers and JavaScript.
      const app = join(scratch, 'linux-run', 'Client.app');
      mkdirSync(join(scratch, 'linux-run'));
      await run('cp', ['-a', join(unpacked, 'Client.app'), app]);
      rmSync(join(app, 'Contents', 'MacOS', 'node'));
      symlinkSync(linuxNode24(), join(app, 'Contents', 'MacOS', 'node'));
      const clientMcp = join(app, 'Contents', 'MacOS', 'client-mcp');
      const home = mkdtempSync(join(scratch, 'home-'));
      const env = { PATH: '/usr/bin:/bin', HOME: home };

      expect((await run(join(app, 'Contents', 'MacOS', 'client'), ['--version'], { env })).stdout).toBe(`${VERSION}\n`);
      const config = JSON.parse((await run(clientMcp, ['config'], { env })).stdout);
      expect(config).toEqual({ mcpServers: { client: { command: clientMcp } } });
      await run(clientMcp, ['install', '--for', 'cursor'], { env });
      expect(JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8'))).toEqual(config);
      const mcp = await startMcpSession({ command: clientMcp, env: { HOME: home } });
      sessions.push(mcp);
      expect(mcp.client.getServerVersion()).toMatchObject({ name: 'client-mcp', version: VERSION });
      const info = await mcp.call('agent_info');
      expect(info.isError, resultText(info)).toBeFalsy();
      expect(info.structuredContent).toMatchObject({ running: false, flavor: 'release' });
    },
    TEST_TIMEOUT_MS,
  );
});
