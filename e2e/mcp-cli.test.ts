import { execFile, execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(repoRoot, 'packages', 'mcp', 'bin', 'client-mcp.js');
const { version } = JSON.parse(readFileSync(join(repoRoot, 'packages', 'mcp', 'package.json'), 'utf8'));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd: repoRoot, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const clientMcp = (...args: string[]): Promise<Run> => run(process.execPath, [bin, ...args]);

describe('the client-mcp command line', () => {
  it('prints the package version for --version', async () => {
    expect(await clientMcp('--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints usage, including the config command, for --help', async () => {
    const help = await clientMcp('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^client-mcp 0\.1\.0: the MCP stdio server of Client/);
    expect(help.stdout).toContain('client-mcp config [--for AGENT]');
    expect(help.stdout).toContain('client-mcp install --for AGENT');
    expect(help.stdout).toContain('send_endpoint and run_tests');
    expect(help.stdout).toContain('get_run, cancel_run, start_mock, list_mocks, stop_mock, agent_info');
    expect(help.stderr).toBe('');
  });

  it('prints a configuration whose command is the absolute, executable launcher', async () => {
    const config = await clientMcp('config');

    expect(config.code).toBe(0);
    expect(JSON.parse(config.stdout)).toEqual({ mcpServers: { client: { command: bin } } });
    expect(isAbsolute(bin)).toBe(true);
    accessSync(bin, constants.X_OK);
    // What an MCP client does with the snippet: run the command itself, with no interpreter in front.
    expect(await run(bin, ['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('refuses an unknown argument with one line on stderr and exit code 2', async () => {
    expect(await clientMcp('--port=4110')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'client-mcp: unknown argument "--port=4110"; see client-mcp --help\n',
    });
    const extra = await clientMcp('config', 'extra');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toBe(
      'client-mcp: use client-mcp config --for claude-desktop|claude-code|cursor|vscode|codex|windsurf|json\n',
    );
  });

  it('prints each agent’s own snippet or command with --for', async () => {
    const snippet = async (agent: string) => {
      const printed = await clientMcp('config', '--for', agent);
      expect(printed.code, printed.stderr).toBe(0);
      return printed.stdout;
    };
    expect(JSON.parse(await snippet('claude-desktop'))).toEqual({ mcpServers: { client: { command: bin } } });
    expect(JSON.parse(await snippet('vscode'))).toEqual({
      servers: { client: { type: 'stdio', command: bin, args: [] } },
    });
    expect(parseToml(await snippet('codex'))).toEqual({ mcp_servers: { client: { command: bin, args: [] } } });
    expect(await snippet('claude-code')).toBe(`claude mcp add --scope user client -- ${bin}\n`);
    expect((await clientMcp('config', '--for=notepad')).code).toBe(2);
  });

  it('installs into an agent’s file: created, then merged with a backup; a broken file is refused with one line', async () => {
    const home = mkdtempSync(join(tmpdir(), 'client-mcp-home-'));
    try {
      const { XDG_CONFIG_HOME: _ignored, ...inherited } = process.env;
      const env = { ...inherited, HOME: home };
      const cursor = join(home, '.cursor', 'mcp.json');
      const created = await run(process.execPath, [bin, 'install', '--for', 'cursor'], env);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain(`${cursor} created`);
      expect(JSON.parse(readFileSync(cursor, 'utf8'))).toEqual({ mcpServers: { client: { command: bin } } });

      writeFileSync(cursor, JSON.stringify({ mcpServers: { other: { command: '/bin/other' } } }));
      const merged = await run(process.execPath, [bin, 'install', '--for', 'cursor'], env);
      expect(merged.code).toBe(0);
      expect(JSON.parse(readFileSync(cursor, 'utf8')).mcpServers).toEqual({
        other: { command: '/bin/other' },
        client: { command: bin },
      });
      expect(readdirSync(join(home, '.cursor')).filter((name) => name.startsWith('mcp.json.bak-'))).toHaveLength(1);

      const windsurf = join(home, '.codeium', 'windsurf', 'mcp_config.json');
      mkdirSync(dirname(windsurf), { recursive: true });
      writeFileSync(windsurf, '{ not json');
      const refused = await run(process.execPath, [bin, 'install', '--for', 'windsurf'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain('is not valid JSON');
      expect(readFileSync(windsurf, 'utf8')).toBe('{ not json');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('refuses a named pipe in place of an agent’s file with one line and exit 1, without waiting on it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'client-mcp-home-'));
    try {
      const { XDG_CONFIG_HOME: _ignored, ...inherited } = process.env;
      const cursor = join(home, '.cursor', 'mcp.json');
      mkdirSync(dirname(cursor), { recursive: true });
      execFileSync('mkfifo', [cursor]);
      const refused = await run(process.execPath, [bin, 'install', '--for', 'cursor'], { ...inherited, HOME: home });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringContaining('is a named pipe, not a regular file'),
      ]);
      expect(lstatSync(cursor).isFIFO()).toBe(true);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
