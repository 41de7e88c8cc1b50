import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { resultText, startMcpSession } from './support/mcp-session.js';
import { holdPort, releaseHeldPorts } from './support/port-holder.js';
import { testPortRange } from './support/port-range.js';

/*
 * All 20 control-plane ports held by other programs. That the app runs on and `client status` explains why is
 * pinned in control-plane-ports.test.ts; this is what an agent sees then.
 */
const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');
const { first: FIRST_PORT, last: LAST_PORT } = testPortRange();

afterEach(async () => {
  await cleanupAppProcesses();
  await releaseHeldPorts();
});

describe('every control-plane port taken', () => {
  it('keeps the app running, and client-mcp answers no running control plane naming the ports it tried', async () => {
    for (let port = FIRST_PORT; port <= LAST_PORT; port++) await holdPort(port);
    const app = await startAppProcess();
    expect(app.port).toBeNull();
    const mcp = await startMcpSession({
      command: process.execPath,
      args: [MCP_BIN],
      env: { ...(process.env as Record<string, string>), CLIENT_DATA_DIR: app.dataDir },
    });
    try {
      for (const tool of ['list_projects', 'save_curl'] as const) {
        const args = tool === 'save_curl' ? { command: 'curl https://api.example.com/items' } : {};
        const result = await mcp.call(tool, args);
        expect(result.isError).toBe(true);
        const text = resultText(result);
        expect(text).toMatch(/^no running control plane /);
        expect(text).toContain(`none of ports ${FIRST_PORT}–${LAST_PORT} accepted the token from ${app.tokenPath}`);
        expect(text).toContain('Start the app');
      }
      expect((await mcp.call('agent_info')).structuredContent).toMatchObject({ running: false, address: null });
    } finally {
      await mcp.close();
    }
    expect(app.child.exitCode).toBeNull();
    expect(await app.stop()).toEqual({ code: 0, signal: null });
  });
});
