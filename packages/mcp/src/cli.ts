import { AppError } from '@client/core';
import { USAGE_EXIT_CODE } from './exit-codes.js';
import { serveStdio } from './serve-stdio.js';
import { defaultToolContext } from './tool-context.js';

/** How client-mcp was launched: its version and the absolute command an MCP client must run to start it. */
export interface LaunchInfo {
  version: string;
  command: string;
}

export function usage(version: string): string {
  return `client-mcp ${version}: the MCP stdio server of Client (save cURL commands as endpoints, list projects and endpoints, send them and run their tests)

Usage:
  client-mcp            serve MCP on stdin/stdout (what an MCP client runs)
  client-mcp config [--for AGENT]
                        print what AGENT needs to start this client-mcp: claude-desktop, cursor, windsurf
                        and json (the default) an mcpServers snippet, vscode its servers snippet, codex
                        its TOML, claude-code the \`claude mcp add\` command
  client-mcp install --for AGENT
                        write it into AGENT's own configuration file (created, or merged keeping every
                        other server, with a backup of the old file beside it)
  client-mcp --version  print the version
  client-mcp --help     print this help

Tools: save_curl, list_projects, list_endpoints, list_folders, list_environments, send_endpoint and run_tests
(with the person's consent in the app), get_run, cancel_run, start_mock, list_mocks, stop_mock, agent_info.
The Client app must be running.
Environment: CLIENT_DATA_DIR=/abs/path uses another data dir; CLIENT_FLAVOR=release|dev picks the install.
`;
}

/** Runs the command line; resolves to the exit code (for `serve`, once serving has begun). */
export async function runCli(args: readonly string[], launch: LaunchInfo): Promise<number> {
  const [first, ...rest] = args;
  if (first === 'config' || first === 'install') {
    // Loaded only when asked for: serving never pays for the configuration formats (the workspace bundle keeps
    // them in a file of their own).
    const { runSetupCommand } = await import('./agent-setup-commands.js');
    return runSetupCommand(first, rest, launch.command);
  }
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
