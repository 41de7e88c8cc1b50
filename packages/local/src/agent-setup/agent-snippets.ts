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

/** A POSIX shell word: safe to paste whatever the path holds. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** The snippet for `target`, for the client-mcp started by `command` (an absolute path). */
export function agentSnippet(target: AgentTarget, command: string): AgentSnippet {
  if (target === 'claude-code') {
    return { target, language: 'shell', text: `claude mcp add --scope user ${SERVER_NAME} -- ${shellWord(command)}\n` };
  }
  if (target === 'codex') {
    return { target, language: 'toml', text: `${toToml({ mcp_servers: { [SERVER_NAME]: { command, args: [] } } })}\n` };
  }
  const json = { [serversKey(target)]: { [SERVER_NAME]: serverEntry(target, command) } };
  return { target, language: 'json', text: `${JSON.stringify(json, null, 2)}\n` };
}
