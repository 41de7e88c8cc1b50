import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from './ui-server.test-support.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('setting up an agent from the Agent panel', () => {
  it('offers every agent’s snippet and the file it would write', async () => {
    const { agentSetups } = (await api(app, 'GET', '/api/agent')).json;
    expect(agentSetups.map((setup: { target: string }) => setup.target)).toEqual([
      'claude-desktop',
      'claude-code',
      'cursor',
      'vscode',
      'codex',
      'windsurf',
      'json',
    ]);
    const cursor = agentSetups.find((setup: { target: string }) => setup.target === 'cursor');
    expect(cursor).toEqual({
      target: 'cursor',
      language: 'json',
      text: JSON.stringify({ mcpServers: { client: { command: '/opt/client/bin/client-mcp' } } }, null, 2),
      configPath: join(app.dataDir, 'home', '.cursor', 'mcp.json'),
    });
  });

  it('installs into the agent’s file, and refuses a broken one with a {code, message}', async () => {
    const installed = await api(app, 'POST', '/api/agent/install', { target: 'cursor' });
    expect(installed.status).toBe(200);
    expect(installed.json).toMatchObject({ created: true, path: join(app.dataDir, 'home', '.cursor', 'mcp.json') });
    writeFileSync(installed.json.path, '{"mcpServers": [');
    const refused = await api(app, 'POST', '/api/agent/install', { target: 'cursor' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('is not valid JSON');
    expect(readFileSync(installed.json.path, 'utf8')).toBe('{"mcpServers": [');
    expect((await api(app, 'POST', '/api/agent/install', { target: 'json' })).status).toBe(400);
  });
});
