import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/**
 * The demo MCP server program (`test/mcp-demo-server.mjs`: tools, resources, prompts), run by this Node; the app's
 * tests and the window's black-box tests start it.
 */
const DEMO_SERVER_PROGRAM = fileURLToPath(new URL('../../test/mcp-demo-server.mjs', import.meta.url));

/** The stdio settings that start the demo server. */
export const DEMO_STDIO = { command: process.execPath, args: [DEMO_SERVER_PROGRAM] };

export interface DemoHttpServer {
  /** Its Streamable HTTP endpoint: `<origin>/mcp`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** Starts the demo server over Streamable HTTP on 127.0.0.1 and waits until it listens. */
export async function startDemoHttpServer(): Promise<DemoHttpServer> {
  const child: ChildProcess = spawn(process.execPath, [DEMO_SERVER_PROGRAM, '--http'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the demo MCP server exited (${String(code)}) before listening`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening (\d+)/.exec(output);
      if (match !== null) resolve(Number(match[1]));
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
