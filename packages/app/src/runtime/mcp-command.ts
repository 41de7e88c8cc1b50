import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute command an MCP client runs to start client-mcp, for the Agent panel's config snippet: the
 * launcher of the workspace's client-mcp when the app runs from the source tree, else `client-mcp` on PATH
 * (where installers put it), else the bare name.
 */
export function resolveMcpCommand(env: NodeJS.ProcessEnv = process.env): string {
  // The app runs from packages/app/dist/runtime/ (compiled) or packages/app/dist/bundle/ (bundled): both sit three
  // levels below packages/, where the workspace's client-mcp launcher lives. An installed app finds nothing there.
  const launcher = fileURLToPath(new URL('../../../mcp/bin/client-mcp.js', import.meta.url));
  if (isExecutable(launcher)) return launcher;
  for (const directory of (env.PATH ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, process.platform === 'win32' ? 'client-mcp.exe' : 'client-mcp');
    if (isExecutable(candidate)) return candidate;
  }
  return 'client-mcp';
}
