import { randomUUID } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { agentRequest, cleanupAppProcesses, createDataDir, startAppProcess } from './support/app-process.js';
import { type McpSession, resultText, startMcpSession } from './support/mcp-session.js';

const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await cleanupAppProcesses();
});
afterAll(cleanupAppProcesses);

/** A data dir whose token file already holds `content`, with `mode`, as an earlier start or a user left it. */
function dataDirWithToken(content: string, mode: number): { dataDir: string; tokenPath: string } {
  const dataDir = createDataDir();
  const tokenPath = join(dataDir, 'agent-token');
  writeFileSync(tokenPath, content);
  chmodSync(tokenPath, mode);
  return { dataDir, tokenPath };
}

describe('the token file at start', () => {
  it('is tightened from 0644 to 0600, keeps its token, and the app says so', async () => {
    const token = randomUUID();
    const { dataDir, tokenPath } = dataDirWithToken(`${token}\n`, 0o644);

    const app = await startAppProcess({ dataDir });

    expect(app.token).toBe(token);
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    expect(app.stdout()).toContain(`Notice: ${tokenPath} was readable by other users; its mode is now 0600\n`);
    expect((await app.request('GET', '/agent/health')).status).toBe(200);
  });

  it.each([
    ['empty', '', 'was empty'],
    ['only whitespace', ' \n', 'was empty'],
    ['corrupt', 'not-a-token\n', 'did not hold a valid token'],
    ['a token cut short', `${randomUUID().slice(0, 20)}\n`, 'did not hold a valid token'],
    ['binary', '\u0000\u00ff\u0001garbage', 'did not hold a valid token'],
  ])('is replaced when %s: a new 0600 token is written and the app says so', async (_case, content, what) => {
    const { dataDir, tokenPath } = dataDirWithToken(content, 0o600);

    const app = await startAppProcess({ dataDir });

    expect(app.token).toMatch(UUID_V4);
    expect(readFileSync(tokenPath, 'utf8')).toBe(`${app.token}\n`);
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    expect(app.stdout()).toContain(
      `Notice: ${tokenPath} ${what}; wrote a new agent token (agents using direct HTTP must read it again)\n`,
    );
    expect((await app.request('GET', '/agent/health')).status).toBe(200);
    // What the file held before is no token: presented as one (where a header can carry it), it is refused.
    const oldToken = content.trim();
    if (/^[!-~]+$/.test(oldToken)) {
      const refused = await agentRequest(app.port ?? 0, 'GET', '/agent/health', { token: oldToken });
      expect(refused.status).toBe(401);
    }
  });
});

describe('client-mcp without a token file', () => {
  it('answers no running control plane and says to start the app, then finds the app once it restarts', async () => {
    const app = await startAppProcess();
    const mcp = await startMcpSession({
      command: process.execPath,
      args: [MCP_BIN],
      env: { ...(process.env as Record<string, string>), CLIENT_DATA_DIR: app.dataDir },
    });
    sessions.push(mcp);
    expect((await mcp.call('list_projects')).isError).toBeFalsy();

    rmSync(app.tokenPath);
    const failed = await mcp.call('list_projects');

    expect(failed.isError).toBe(true);
    expect(failed.structuredContent).toBeUndefined();
    const text = resultText(failed);
    expect(text).toMatch(/^no running control plane /);
    expect(text).toContain(`there is no agent token at ${app.tokenPath}`);
    expect(text).toContain('Start the app');
    expect((await mcp.call('agent_info')).structuredContent).toMatchObject({ running: false, reason: text });

    // The remedy the message gives: starting the app writes a new token, and the same session finds it.
    await app.stop();
    const restarted = await startAppProcess({ dataDir: app.dataDir });
    const listed = await mcp.call('list_projects');
    expect([listed.isError ?? false, listed.structuredContent]).toEqual([false, { projects: [] }]);
    expect(restarted.token).not.toBe(app.token);
  });
});
