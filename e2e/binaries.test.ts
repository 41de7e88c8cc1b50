import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpSession, startMcpSession } from './support/mcp-session.js';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '..');
const version = (
  JSON.parse(readFileSync(join(repoRoot, 'packages', 'app', 'package.json'), 'utf8')) as { version: string }
).version;
const cpu = { x64: 'x86_64', arm64: 'aarch64' }[process.arch as 'x64' | 'arm64'];
const seaBinary = join(repoRoot, 'binaries', `client-mcp-${cpu}-unknown-linux-gnu`);
/** The script runs the bundler and injects into a ~100 MB binary. */
const BUILD_TIMEOUT_MS = 600_000;
const TEST_TIMEOUT_MS = 120_000;
const TOOL_NAMES = [
  'save_curl',
  'list_projects',
  'list_endpoints',
  'list_folders',
  'list_environments',
  'send_endpoint',
  'run_tests',
  'get_run',
  'cancel_run',
  'start_mock',
  'list_mocks',
  'stop_mock',
  'agent_info',
];

const scratch = mkdtempSync(join(tmpdir(), 'client-binaries-'));
const sessions: McpSession[] = [];

async function session(command: string, env: Record<string, string>): Promise<McpSession> {
  const started = await startMcpSession({ command, env });
  sessions.push(started);
  return started;
}

beforeAll(async () => {
  await run(process.execPath, [join(repoRoot, 'packages', 'mcp', 'scripts', 'build-binaries.mjs')], { cwd: repoRoot });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(sessions.map((started) => started.close()));
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
