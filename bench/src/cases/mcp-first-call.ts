import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startAppProcess } from '../../../e2e/support/app-process.js';
import { startRawMcpSession } from '../../../e2e/support/mcp-raw-session.js';
import type { BenchCase } from '../runner/bench-case.js';
import { REPO_ROOT } from '../runner/paths.js';
import { median } from '../runner/rounds.js';

const CALLS = 10;
/** The workspace launcher an MCP host runs from the checkout. */
const MCP_BIN = join(REPO_ROOT, 'packages/mcp/bin/client-mcp.js');

/** Spawns client-mcp, does the MCP handshake as a host does, and resolves with the ms to the first tool result. */
async function firstCall(env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const session = startRawMcpSession(process.execPath, [MCP_BIN], env);
  await session.request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench', version: '1.0.0' },
  });
  session.notify('notifications/initialized');
  const answer = await session.request('tools/call', { name: 'list_projects', arguments: {} });
  const ms = performance.now() - started;
  const result = answer.result as { isError?: boolean } | undefined;
  if (result === undefined || result.isError === true)
    throw new Error(`list_projects failed: ${JSON.stringify(answer)}`);
  const code = await session.end();
  if (code !== 0) throw new Error(`client-mcp exited with ${code}`);
  return ms;
}

/** Spawns `node -e ''` and resolves with the ms until it has exited. */
function emptyNode(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

/**
 * client-mcp spawned until the result of its first tools/call (list_projects, through discovery and the
 * running app's control plane), against spawning `node -e ''` until it exits; median of 10 each, in turns.
 */
export const mcpFirstCall: BenchCase = {
  ids: ['mcp-first-call'],
  async run(context) {
    const app = await startAppProcess();
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, CLIENT_DATA_DIR: app.dataDir };
      delete env.CLIENT_FLAVOR;
      await emptyNode();
      await firstCall(env);
      const ours: number[] = [];
      const baseline: number[] = [];
      for (let call = 0; call < CALLS; call++) {
        baseline.push(await emptyNode());
        ours.push(await firstCall(env));
      }
      context.log(`  client-mcp: ${ours.map((ms) => Math.round(ms)).join(' ')} ms`);
      context.log(`  node -e '': ${baseline.map((ms) => Math.round(ms)).join(' ')} ms`);
      return [
        {
          id: 'mcp-first-call',
          value: median(ours),
          unit: 'ms',
          baseline: { name: "node -e '' spawn → exit", value: median(baseline) },
          goal: { comparison: '<=', ratio: 1.3 },
          note: `median of ${CALLS} each, in turns; initialize, then tools/call list_projects against the running app`,
        },
      ];
    } finally {
      await app.stop();
    }
  },
};
