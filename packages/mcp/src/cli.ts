import { AppError } from '@client/core';
import { mcpConfigSnippet } from '@client/local';
import { serveStdio } from './serve-stdio.js';
import { defaultToolContext } from './tool-context.js';

/** How client-mcp was launched: its version and the absolute command an MCP client must run to start it. */
export interface LaunchInfo {
  version: string;
  command: string;
}

/** Exit code for a command line client-mcp does not understand (the usual usage-error code). */
export const USAGE_EXIT_CODE = 2;

export function usage(version: string): string {
  return `client-mcp ${version}: the MCP stdio server of Client (save cURL commands as endpoints, list projects and endpoints)

Usage:
  client-mcp            serve MCP on stdin/stdout (what an MCP client runs)
  client-mcp config     print the mcpServers configuration for this client-mcp
  client-mcp --version  print the version
  client-mcp --help     print this help

Tools: save_curl, list_projects, list_endpoints, agent_info. The Client app must be running.
Environment: CLIENT_DATA_DIR=/abs/path uses another data dir; CLIENT_FLAVOR=release|dev picks the install.
`;
}

/** Runs the command line; resolves to the exit code (for `serve`, once serving has begun). */
export async function runCli(args: readonly string[], launch: LaunchInfo): Promise<number> {
  const [first, ...rest] = args;
  if (rest.length > 0) {
    process.stderr.write(`client-mcp: unexpected argument "${rest[0]}"; see client-mcp --help\n`);
    return USAGE_EXIT_CODE;
  }
  switch (first) {
    case undefined: {
      let context: ReturnType<typeof defaultToolContext>;
      try {
        context = defaultToolContext();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        process.stderr.write(`client-mcp: ${error.message}\n`);
        return USAGE_EXIT_CODE;
      }
      await serveStdio(launch.version, context);
      return 0;
    }
    case 'config':
      process.stdout.write(mcpConfigSnippet(launch.command));
      return 0;
    case '--version':
    case '-v':
      process.stdout.write(`${launch.version}\n`);
      return 0;
    case '--help':
    case '-h':
      process.stdout.write(usage(launch.version));
      return 0;
    default:
      process.stderr.write(`client-mcp: unknown argument "${first}"; see client-mcp --help\n`);
      return USAGE_EXIT_CODE;
  }
}
