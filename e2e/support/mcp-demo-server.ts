import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';

/** The demo MCP server of the app's tests (tools, resources, prompts), started here as a program of its own. */
export const MCP_DEMO_PROGRAM = resolve(import.meta.dirname, '../../packages/app/test/mcp-demo-server.mjs');

export interface McpDemoServer {
  /** Its Streamable HTTP endpoint: `<origin>/mcp`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** Starts the demo MCP server over Streamable HTTP on 127.0.0.1 and waits until it listens. */
export async function startMcpDemoServer(): Promise<McpDemoServer> {
  const child: ChildProcess = spawn(process.execPath, [MCP_DEMO_PROGRAM, '--http'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    child.once('exit', (code) => reject(new Error(`the demo MCP server exited (${String(code)}) before listening`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening (\d+)/.exec(output);
      if (match !== null) resolvePort(Number(match[1]));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}
