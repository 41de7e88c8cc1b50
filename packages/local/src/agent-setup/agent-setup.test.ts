import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentSnippet } from './agent-snippets.js';
import type { AGENT_TARGETS, AgentEnvironment } from './agent-targets.js';
import { configPathOf } from './agent-targets.js';
import { installAgentConfig } from './install-agent-config.js';

const COMMAND = '/opt/Client Tools/bin/client-mcp';
let home: string;
let environment: AgentEnvironment;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'client-agent-setup-'));
  environment = { home, platform: 'linux' };
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** The words of a POSIX command line, for the one snippet that is a command. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((match) =>
    match[1] === undefined ? (match[2] ?? '') : match[1].replaceAll("'\\''", "'"),
  );
}

describe('each agent’s snippet', () => {
  it('is what that agent documents, read back with the matching parser', () => {
    const json = (target: (typeof AGENT_TARGETS)[number]) => JSON.parse(agentSnippet(target, COMMAND).text);
    for (const target of ['claude-desktop', 'cursor', 'windsurf', 'json'] as const) {
      expect(json(target)).toEqual({ mcpServers: { client: { command: COMMAND } } });
    }
    expect(json('vscode')).toEqual({ servers: { client: { type: 'stdio', command: COMMAND, args: [] } } });
    expect(parseToml(agentSnippet('codex', COMMAND).text)).toEqual({
      mcp_servers: { client: { command: COMMAND, args: [] } },
    });
    const claude = agentSnippet('claude-code', COMMAND);
    expect(claude.language).toBe('shell');
    expect(shellWords(claude.text.trim())).toEqual([
      'claude',
      'mcp',
      'add',
      '--scope',
      'user',
      'client',
      '--',
      COMMAND,
    ]);
  });

  it('names each agent’s own file on Linux, macOS and Windows', () => {
    const linux = { home: '/home/ada', platform: 'linux', xdgConfigHome: '/home/ada/.cfg' } as const;
    const macos = { home: '/Users/ada', platform: 'darwin' } as const;
    const windows = {
      home: 'C:\\Users\\ada',
      platform: 'win32',
      appData: 'C:\\Users\\ada\\AppData\\Roaming',
    } as const;
    const expected: Record<(typeof AGENT_TARGETS)[number], [string, string, string] | null> = {
      'claude-desktop': [
        '/home/ada/.cfg/Claude/claude_desktop_config.json',
        '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
        'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
      ],
      'claude-code': ['/home/ada/.claude.json', '/Users/ada/.claude.json', 'C:\\Users\\ada\\.claude.json'],
      cursor: ['/home/ada/.cursor/mcp.json', '/Users/ada/.cursor/mcp.json', 'C:\\Users\\ada\\.cursor\\mcp.json'],
      vscode: [
        '/home/ada/.cfg/Code/User/mcp.json',
        '/Users/ada/Library/Application Support/Code/User/mcp.json',
        'C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json',
      ],
      codex: ['/home/ada/.codex/config.toml', '/Users/ada/.codex/config.toml', 'C:\\Users\\ada\\.codex\\config.toml'],
      windsurf: [
        '/home/ada/.codeium/windsurf/mcp_config.json',
        '/Users/ada/.codeium/windsurf/mcp_config.json',
        'C:\\Users\\ada\\.codeium\\windsurf\\mcp_config.json',
      ],
      json: null,
    };
    for (const [target, paths] of Object.entries(expected) as [(typeof AGENT_TARGETS)[number], string[] | null][]) {
      expect([linux, macos, windows].map((where) => configPathOf(target, where))).toEqual(paths ?? [null, null, null]);
    }
    // Without XDG_CONFIG_HOME, Linux's settings folder is ~/.config; without APPDATA, Windows' is AppData\Roaming.
    expect(configPathOf('claude-desktop', environment)).toBe(
      join(home, '.config', 'Claude', 'claude_desktop_config.json'),
    );
    expect(configPathOf('vscode', { home: 'C:\\Users\\ada', platform: 'win32' })).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json',
    );
  });

  it('quotes the command Claude Code is given for the platform’s shell', () => {
    const installed = 'C:\\Program Files\\Client\\client-mcp.exe';
    expect(agentSnippet('claude-code', installed, 'win32').text).toBe(
      `claude mcp add --scope user client -- "${installed}"\n`,
    );
    expect(agentSnippet('claude-code', 'C:\\Client\\client-mcp.exe', 'win32').text).toBe(
      'claude mcp add --scope user client -- C:\\Client\\client-mcp.exe\n',
    );
    const bundle = '/Applications/Client.app/Contents/MacOS/client-mcp';
    expect(agentSnippet('claude-code', bundle, 'darwin').text).toBe(
      `claude mcp add --scope user client -- ${bundle}\n`,
    );
    expect(JSON.parse(agentSnippet('json', installed, 'win32').text)).toEqual({
      mcpServers: { client: { command: installed } },
    });
  });
});

describe('installing into an agent’s file', () => {
  it('creates a missing file (and its folders) readable by its owner only', () => {
    const outcome = installAgentConfig('cursor', COMMAND, environment);
    expect(outcome).toMatchObject({ created: true, backup: null, path: join(home, '.cursor', 'mcp.json') });
    expect(JSON.parse(readFileSync(outcome.path, 'utf8'))).toEqual({ mcpServers: { client: { command: COMMAND } } });
    expect(statSync(outcome.path).mode & 0o777).toBe(0o600);
  });

  it('merges into an existing JSON file, keeping other servers, settings and comments, with a backup', () => {
    const path = configPathOf('vscode', environment) ?? '';
    mkdirSync(dirname(path), { recursive: true });
    const before = '{\n  // mine\n  "servers": { "other": { "command": "/bin/other" } },\n  "inputs": [],\n}\n';
    writeFileSync(path, before);
    chmodSync(path, 0o640);
    const outcome = installAgentConfig('vscode', COMMAND, environment);
    const after = readFileSync(path, 'utf8');
    expect(after).toContain('// mine');
    expect(parseJsonc(after, [], { allowTrailingComma: true })).toEqual({
      servers: { other: { command: '/bin/other' }, client: { type: 'stdio', command: COMMAND, args: [] } },
      inputs: [],
    });
    expect(readFileSync(outcome.backup ?? '', 'utf8')).toBe(before);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    // Installing again replaces our entry and adds no second one.
    installAgentConfig('vscode', '/new/client-mcp', environment);
    expect(Object.keys(parseJsonc(readFileSync(path, 'utf8')).servers)).toEqual(['other', 'client']);
  });

  it('merges into Codex’s TOML, keeping its other tables', () => {
    const path = configPathOf('codex', environment) ?? '';
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'model = "o3"\n\n[mcp_servers.other]\ncommand = "/bin/other"\n');
    installAgentConfig('codex', COMMAND, environment);
    expect(parseToml(readFileSync(path, 'utf8'))).toEqual({
      model: 'o3',
      mcp_servers: { other: { command: '/bin/other' }, client: { command: COMMAND, args: [] } },
    });
  });

  it('refuses a file that is not valid JSON or TOML, and changes nothing', () => {
    for (const [target, text, words] of [
      ['claude-desktop', '{"mcpServers": {', 'is not valid JSON'],
      ['windsurf', '["a list"]', 'does not hold a JSON object'],
      ['cursor', '{"mcpServers": 3}', '"mcpServers" in'],
      ['codex', 'model = ', 'is not valid TOML'],
    ] as const) {
      const path = configPathOf(target, environment) ?? '';
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      expect(() => installAgentConfig(target, COMMAND, environment)).toThrow(words);
      expect(readFileSync(path, 'utf8')).toBe(text);
      expect(readdirSync(dirname(path)).filter((name) => name.includes('.bak-'))).toEqual([]);
    }
    expect(() => installAgentConfig('json', COMMAND, environment)).toThrow('json is a snippet to paste');
  });

  it('refuses a named pipe in place of the file at once, and leaves it there', () => {
    const path = configPathOf('cursor', environment) ?? '';
    mkdirSync(dirname(path), { recursive: true });
    execFileSync('mkfifo', [path]);
    expect(() => installAgentConfig('cursor', COMMAND, environment)).toThrow(
      `${path} is a named pipe, not a regular file`,
    );
    expect(lstatSync(path).isFIFO()).toBe(true);
    expect(readdirSync(dirname(path))).toEqual(['mcp.json']);
  });

  it('refuses a directory in place of the file', () => {
    const path = configPathOf('cursor', environment) ?? '';
    mkdirSync(path, { recursive: true });
    expect(() => installAgentConfig('cursor', COMMAND, environment)).toThrow('is a directory, not a regular file');
  });

  it('writes through a symbolic link into the file it links to, and keeps the link', () => {
    const path = configPathOf('cursor', environment) ?? '';
    const dotfiles = join(home, 'dotfiles');
    mkdirSync(dotfiles);
    mkdirSync(dirname(path), { recursive: true });
    const target = join(dotfiles, 'cursor-mcp.json');
    writeFileSync(target, '{"mcpServers": {"other": {"command": "/bin/other"}}}');
    symlinkSync(target, path);
    const outcome = installAgentConfig('cursor', COMMAND, environment);
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path)).toBe(target);
    expect(JSON.parse(readFileSync(target, 'utf8')).mcpServers).toEqual({
      other: { command: '/bin/other' },
      client: { command: COMMAND },
    });
    expect(dirname(outcome.backup ?? '')).toBe(dotfiles);
  });

  it('refuses a symbolic link to a missing file, and keeps the link', () => {
    const path = configPathOf('cursor', environment) ?? '';
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(join(home, 'nowhere.json'), path);
    expect(() => installAgentConfig('cursor', COMMAND, environment)).toThrow('which does not exist');
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  });
});
