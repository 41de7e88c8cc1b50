import { resolveInstallLocation } from '@client/local';
import { StdioTransport } from './protocol/stdio-transport.js';
import { createClientMcpServer } from './server.js';
import type { ToolContext } from './tool-context.js';

/**
 * stdout belongs to the protocol: one stray `console.log` from any module would corrupt the stream, so while
 * serving the console's stdout methods write to stderr instead.
 */
function keepConsoleOffStdout(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}

/** Serves MCP on stdin/stdout. Resolves once serving; the process then lives as long as stdin stays open. */
export async function serveStdio(version: string, context: ToolContext): Promise<void> {
  keepConsoleOffStdout();
  const server = createClientMcpServer(version, context, (error) =>
    process.stderr.write(`client-mcp: ${error.message}\n`),
  );
  await server.connect(new StdioTransport());
  let where: string;
  try {
    const location = resolveInstallLocation(context.env);
    where = `data dir ${location.dataDir}, flavor ${location.flavor}`;
  } catch (error) {
    where = error instanceof Error ? error.message : String(error);
  }
  process.stderr.write(`client-mcp ${version} serving MCP on stdio (${where})\n`);
}
