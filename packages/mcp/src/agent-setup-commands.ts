import { homedir } from 'node:os';
import { AppError } from '@client/core';
import {
  AGENT_TARGETS,
  agentEnvironment,
  agentSnippet,
  installAgentConfig,
  readAgentTarget,
} from '@client/local/agent-setup';

/** `--for <agent>` or `--for=<agent>`; `json` when absent and allowed. */
function readFor(args: readonly string[], required: boolean): ReturnType<typeof readAgentTarget> {
  const [first, second, ...rest] = args;
  if (first === undefined && !required) return 'json';
  const value = first?.startsWith('--for=') ? first.slice('--for='.length) : first === '--for' ? second : undefined;
  const extra = first?.startsWith('--for=') ? [second, ...rest] : rest;
  if (value === undefined || extra.some((arg) => arg !== undefined)) return null;
  return readAgentTarget(value);
}

const TARGET_LIST = AGENT_TARGETS.join('|');

/** `client-mcp config [--for <agent>]`: prints the snippet or command that agent expects. */
export function configCommand(args: readonly string[], command: string): string {
  const target = readFor(args, false);
  if (target === null) throw new AppError('VALIDATION', `use client-mcp config --for ${TARGET_LIST}`);
  return agentSnippet(target, command).text;
}

/** `client-mcp install --for <agent>`: writes this client-mcp into that agent's configuration file. */
export function installCommand(args: readonly string[], command: string, env: NodeJS.ProcessEnv): string {
  const target = readFor(args, true);
  if (target === null) {
    throw new AppError(
      'VALIDATION',
      `use client-mcp install --for ${AGENT_TARGETS.filter((t) => t !== 'json').join('|')}`,
    );
  }
  const outcome = installAgentConfig(target, command, agentEnvironment(env, env.HOME ?? homedir()));
  const how = outcome.created ? 'created' : `updated (the old file is kept as ${outcome.backup})`;
  return `${outcome.path} ${how}: it now starts ${command} as the MCP server "client". Restart ${target} to use it.\n`;
}
