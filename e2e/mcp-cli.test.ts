import { execFile } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(repoRoot, 'packages', 'mcp', 'bin', 'client-mcp.js');
const { version } = JSON.parse(readFileSync(join(repoRoot, 'packages', 'mcp', 'package.json'), 'utf8'));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(file: string, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd: repoRoot });
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
    expect(help.stdout).toContain('client-mcp config     print the mcpServers configuration for this client-mcp');
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
    expect(await clientMcp('config', 'extra')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'client-mcp: unexpected argument "extra"; see client-mcp --help\n',
    });
  });
});
