import { stringify as toToml } from 'smol-toml';
import { type AgentTarget, SERVER_NAME } from './agent-targets.js';

/** What `client-mcp config --for` prints: the text, and how it is meant to be used. */
export interface AgentSnippet {
  target: AgentTarget;
  /** `json` and `toml` go into the agent's file; `shell` is a command to run. */
  language: 'json' | 'toml' | 'shell';
  text: string;
}

/** The server entry each agent expects under its servers key. */
export function serverEntry(target: AgentTarget, command: string): Record<string, unknown> {
  switch (target) {
    case 'vscode':
    case 'claude-code':
      return { type: 'stdio', command, args: [] };
    default:
      return { command };
  }
}

/** The key that holds MCP servers in the agent's JSON file: VS Code's `servers`, everyone else's `mcpServers`. */
export function serversKey(target: AgentTarget): 'servers' | 'mcpServers' {
  return target === 'vscode' ? 'servers' : 'mcpServers';
}

/**
 * A word of the platform's shell, safe to paste whatever the path holds: POSIX quoting, or on Windows the double
 * quotes both cmd and PowerShell read (a Windows path cannot hold a double quote).
 */
function shellWord(text: string, platform: NodeJS.Platform): string {
  if (platform === 'win32') return /^[\w@%+=:,.\\/-]+$/.test(text) ? text : `"${text}"`;
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The snippet for `target`, for the client-mcp started by `command` (an absolute path), for a person on
 * `platform` (the command line Claude Code is given is quoted for that platform's shell).
 */
export function agentSnippet(target: AgentTarget, command: string, platform = process.platform): AgentSnippet {
  if (target === 'claude-code') {
    const line = `claude mcp add --scope user ${SERVER_NAME} -- ${shellWord(command, platform)}`;
    return { target, language: 'shell', text: `${line}\n` };
  }
  if (target === 'codex') {
    return { target, language: 'toml', text: `${toToml({ mcp_servers: { [SERVER_NAME]: { command, args: [] } } })}\n` };
  }
  const json = { [serversKey(target)]: { [SERVER_NAME]: serverEntry(target, command) } };
  return { target, language: 'json', text: `${JSON.stringify(json, null, 2)}\n` };
}
