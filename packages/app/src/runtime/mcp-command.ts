import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare global {
  /** In a release bundle: where client-mcp's launcher lies from the bundle's folder (packaging scripts set it). */
  var __CLIENT_MCP_LAUNCHER__: string | undefined;
  /** In a bundle: the bundle's own URL. */
  var __CLIENT_BUNDLE_URL__: string | undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The absolute command an MCP client runs to start client-mcp, for the Agent panel's config snippet: in a release,
 * the launcher its package put beside the app (the bundle's `Contents/MacOS/client-mcp`, the install directory's
 * `client-mcp.exe`, `bin/client-mcp`); from the source tree the workspace's launcher; else `client-mcp` on PATH,
 * else the bare name.
 */
export function resolveMcpCommand(env: NodeJS.ProcessEnv = process.env): string {
  const released = globalThis.__CLIENT_MCP_LAUNCHER__;
  const bundle = globalThis.__CLIENT_BUNDLE_URL__;
  if (released !== undefined && bundle !== undefined) return fileURLToPath(new URL(released, bundle));
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
