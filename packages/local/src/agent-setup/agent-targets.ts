import { posix, win32 } from 'node:path';

/** The agents `client-mcp config --for` and `install --for` know, plus `json`, the generic snippet. */
export const AGENT_TARGETS = [
  'claude-desktop',
  'claude-code',
  'cursor',
  'vscode',
  'codex',
  'windsurf',
  'json',
] as const;
export type AgentTarget = (typeof AGENT_TARGETS)[number];

/** The name the server gets in every agent's configuration. */
export const SERVER_NAME = 'client';

/** Where an agent's configuration lives, from the person's environment. */
export interface AgentEnvironment {
  home: string;
  platform: NodeJS.Platform;
  /** `XDG_CONFIG_HOME`, when set. */
  xdgConfigHome?: string | undefined;
  /** `APPDATA`, on Windows. */
  appData?: string | undefined;
}

export function agentEnvironment(env: NodeJS.ProcessEnv, home: string, platform = process.platform): AgentEnvironment {
  return { home, platform, xdgConfigHome: env.XDG_CONFIG_HOME, appData: env.APPDATA };
}

/** Paths of the environment's platform, whichever this process runs on (so each platform's can be tested anywhere). */
function joinFor(platform: NodeJS.Platform): (...parts: string[]) => string {
  return platform === 'win32' ? win32.join : posix.join;
}

/** The OS's folder for applications' settings: what Electron apps (Claude, VS Code) use as their parent. */
function appConfigDir(environment: AgentEnvironment): string {
  const join = joinFor(environment.platform);
  if (environment.platform === 'darwin') return join(environment.home, 'Library', 'Application Support');
  if (environment.platform === 'win32') return environment.appData ?? join(environment.home, 'AppData', 'Roaming');
  return environment.xdgConfigHome ?? join(environment.home, '.config');
}

/**
 * Each agent's own file for MCP servers (user scope), as its documentation names it; null for `json`. Claude Desktop
 * and VS Code keep theirs in the OS's settings folder (~/Library/Application Support on macOS, %APPDATA% on
 * Windows, ~/.config on Linux); the others in a folder of the home directory on every platform.
 */
export function configPathOf(target: AgentTarget, environment: AgentEnvironment): string | null {
  const { home } = environment;
  const join = joinFor(environment.platform);
  switch (target) {
    case 'claude-desktop':
      return join(appConfigDir(environment), 'Claude', 'claude_desktop_config.json');
    case 'claude-code':
      return join(home, '.claude.json');
    case 'cursor':
      return join(home, '.cursor', 'mcp.json');
    case 'vscode':
      return join(appConfigDir(environment), 'Code', 'User', 'mcp.json');
    case 'codex':
      return join(home, '.codex', 'config.toml');
    case 'windsurf':
      return join(home, '.codeium', 'windsurf', 'mcp_config.json');
    case 'json':
      return null;
  }
}

export function readAgentTarget(value: string | undefined): AgentTarget | null {
  return AGENT_TARGETS.find((target) => target === value) ?? null;
}
