import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

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
 * launcher of the workspace's `@client/mcp` when the app runs from the source tree, else `client-mcp` on
 * PATH (where installers put it), else the bare name.
 */
export function resolveMcpCommand(env: NodeJS.ProcessEnv = process.env): string {
  try {
    // The package's built entry sits in dist/; its launcher in bin/ beside it.
    const entry = createRequire(import.meta.url).resolve('@client/mcp');
    const launcher = join(dirname(entry), '..', 'bin', 'client-mcp.js');
    if (isExecutable(launcher)) return launcher;
  } catch {
    // Not installed as a package (a bundled build): look on PATH.
  }
  for (const directory of (env.PATH ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, process.platform === 'win32' ? 'client-mcp.exe' : 'client-mcp');
    if (isExecutable(candidate)) return candidate;
  }
  return 'client-mcp';
}
