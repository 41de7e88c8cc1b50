import { homedir } from 'node:os';
import { AppError, isAppError } from '@client/core';
import {
  AGENT_TARGETS,
  agentEnvironment,
  agentSnippet,
  installAgentConfig,
  readAgentTarget,
} from '@client/local/agent-setup';
import { USAGE_EXIT_CODE } from './exit-codes.js';

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
function configCommand(args: readonly string[], command: string): string {
  const target = readFor(args, false);
  if (target === null) throw new AppError('VALIDATION', `use client-mcp config --for ${TARGET_LIST}`);
  return agentSnippet(target, command).text;
}

/** `client-mcp install --for <agent>`: writes this client-mcp into that agent's configuration file. */
function installCommand(args: readonly string[], command: string, env: NodeJS.ProcessEnv): string {
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

/**
 * Runs `config` or `install` and resolves to the exit code; a refusal is one line on stderr. The `AppError` check
 * is made here, beside the code that throws it: the workspace bundle loads this module from a file of its own,
 * with its own copy of @client/core.
 */
export function runSetupCommand(which: 'config' | 'install', args: readonly string[], command: string): number {
  try {
    process.stdout.write(
      which === 'config' ? configCommand(args, command) : installCommand(args, command, process.env),
    );
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`client-mcp: ${error.message}\n`);
    return error.code === 'VALIDATION' && error.message.startsWith('use ') ? USAGE_EXIT_CODE : 1;
  }
}
