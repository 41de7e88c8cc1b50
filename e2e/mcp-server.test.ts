import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openStore } from '@client/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  cleanupAppProcesses,
  createDataDir,
  runClientCommand,
  startAppProcess,
} from './support/app-process.js';
import { startRawMcpSession } from './support/mcp-raw-session.js';
import { type McpSession, resultText, startMcpSession, toolError } from './support/mcp-session.js';
import { testPorts, testPortsText } from './support/port-range.js';

/** The workspace launcher an MCP client runs (needs `npm run build`, as the app's bin does). */
const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');
const ALL_PORTS = testPorts();

const dataDir = createDataDir();
const tokenPath = join(dataDir, 'agent-token');
const env = { CLIENT_DATA_DIR: dataDir };
let mcp: McpSession;
let app: AppProcess;

beforeAll(async () => {
  // client-mcp starts first, as it does when an agent host launches before the app.
  mcp = await startMcpSession({ command: process.execPath, args: [MCP_BIN], env });
});
afterAll(async () => {
  await mcp?.close();
  await cleanupAppProcesses();
});

describe('client-mcp against the real app', () => {
  it('reports no running control plane before the app ever started, and creates no token', async () => {
    const result = await mcp.call('list_projects');

    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(
      `no running control plane (data dir ${dataDir}, flavor dev): there is no agent token at ${tokenPath}, so no ` +
        'port was checked. The app creates the token on its first start. Start the app: run `npm start` in the ' +
        `Client source checkout with CLIENT_DATA_DIR=${dataDir}. Then call the tool again; client-mcp finds the app ` +
        'without being restarted.',
    );
    const info = await mcp.call('agent_info');
    expect(info.isError).toBeFalsy();
    expect(info.structuredContent).toEqual({
      running: false,
      address: null,
      tokenPath,
      dataDir,
      flavor: 'dev',
      ports: ALL_PORTS,
      appVersion: null,
      reason: resultText(result),
    });
    expect(existsSync(tokenPath)).toBe(false);
  });

  it('finds an app started after it, without being restarted', async () => {
    app = await startAppProcess({ dataDir });

    const info = await mcp.call('agent_info');

    expect(info.structuredContent).toEqual({
      running: true,
      address: app.address,
      tokenPath,
      dataDir,
      flavor: 'dev',
      ports: ALL_PORTS,
      appVersion: '0.1.0',
      reason: null,
    });
    expect(JSON.parse(resultText(info))).toEqual(info.structuredContent);
  });

  it('lists the tools, the readers annotated read-only', async () => {
    const { tools } = await mcp.client.listTools();

    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['save_curl', false],
      ['list_projects', true],
      ['list_endpoints', true],
      ['list_folders', true],
      ['list_environments', true],
      ['send_endpoint', false],
      ['run_tests', false],
      ['get_run', true],
      ['cancel_run', false],
      ['start_mock', false],
      ['list_mocks', true],
      ['stop_mock', false],
      ['agent_info', true],
    ]);
    expect(tools.every((tool) => tool.outputSchema?.type === 'object' && tool.title !== undefined)).toBe(true);
  });

  it('save_curl into an install without projects creates "Agent imports" and returns the endpoint', async () => {
    const command = "curl -H 'Authorization: Bearer s3cret' 'https://api.example.com/v1/users?page=2'";

    const saved = await mcp.call('save_curl', { command });

    expect(saved.isError).toBeFalsy();
    expect(saved.structuredContent).toEqual({
      endpointId: expect.any(String),
      projectId: expect.any(String),
      folderId: null,
      name: 'users',
      method: 'GET',
      baseUrl: 'https://api.example.com',
      path: '/v1/users',
      queryParams: [{ key: 'page', value: '2' }],
      state: 'Designing',
    });
    expect(JSON.parse(resultText(saved))).toEqual(saved.structuredContent);

    const projects = await mcp.call('list_projects');
    expect(projects.structuredContent).toEqual({
      projects: [
        {
          projectId: saved.structuredContent?.projectId,
          name: 'Agent imports',
          description: expect.any(String),
          baseUrl: 'https://api.example.com',
          endpointCount: 1,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
    });

    const endpoints = await mcp.call('list_endpoints', { projectId: saved.structuredContent?.projectId });
    expect(endpoints.structuredContent).toMatchObject({
      projectId: saved.structuredContent?.projectId,
      endpoints: [
        {
          endpointId: saved.structuredContent?.endpointId,
          name: 'users',
          method: 'GET',
          path: '/v1/users',
          headers: [{ key: 'Authorization', value: '••••' }],
          state: 'Designing',
        },
      ],
    });
    expect(resultText(endpoints)).not.toContain('s3cret');
  });

  it('list_endpoints shows a header or param the person switched off in the app with enabled: false', async () => {
    const saved = await mcp.call('save_curl', {
      command: "curl -H 'X-Debug: 1' 'https://api.example.com/v1/off?verbose=1'",
    });
    const endpointId = String(saved.structuredContent?.endpointId);
    const store = openStore(join(dataDir, 'client.db'));
    try {
      store.endpoints.update(endpointId, {
        headers: [{ key: 'X-Debug', value: '1', enabled: false }],
        queryParams: [{ key: 'verbose', value: '1', enabled: false }],
      });
    } finally {
      store.close();
    }
    const listed = await mcp.call('list_endpoints', { projectId: saved.structuredContent?.projectId, query: 'off' });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({
      endpoints: [
        {
          endpointId,
          headers: [{ key: 'X-Debug', value: '1', enabled: false }],
          queryParams: [{ key: 'verbose', value: '1', enabled: false }],
        },
      ],
    });
  });

  it('save_curl with projectId and name keeps base_url and relays the warning', async () => {
    const created = await runClientCommand(['project', 'create', 'Shop', '--base-url', 'https://shop.example.com'], {
      dataDir,
    });
    const shop = JSON.parse(created.stdout) as { projectId: string };

    const saved = await mcp.call('save_curl', {
      command: 'curl -X POST https://staging.example.com/orders --json \'{"sku":"a1"}\'',
      projectId: shop.projectId,
      name: 'Create order',
    });

    expect(saved.structuredContent).toMatchObject({
      projectId: shop.projectId,
      name: 'Create order',
      method: 'POST',
      baseUrl: 'https://shop.example.com',
      path: '/orders',
      warning: expect.stringContaining('https://staging.example.com'),
    });
  });

  it('save_curl without projectId among several projects fails with VALIDATION naming every candidate', async () => {
    const { projects } = (await mcp.call('list_projects')).structuredContent as {
      projects: { projectId: string; name: string }[];
    };
    expect(projects).toHaveLength(2);

    const error = toolError(await mcp.call('save_curl', { command: 'curl https://api.example.com/v1/items' }));

    expect(error.code).toBe('VALIDATION');
    for (const project of projects) expect(error.message).toContain(`${project.name} (${project.projectId})`);
  });

  it('passes the control plane’s VALIDATION for a malformed cURL command through unchanged', async () => {
    const command = "curl -H 'X-Open: unterminated https://api.example.com";
    const direct = await app.request('POST', '/agent/curl', { body: { command } });

    const error = toolError(await mcp.call('save_curl', { command }));

    expect(direct.status).toBe(400);
    expect(error).toEqual(direct.json);
    expect(error.code).toBe('VALIDATION');
  });

  it('passes NOT_FOUND for an unknown project through unchanged', async () => {
    const direct = await app.request('GET', '/agent/endpoints/no-such-project');

    const listed = toolError(await mcp.call('list_endpoints', { projectId: 'no-such-project' }));
    const saved = toolError(
      await mcp.call('save_curl', { command: 'curl https://api.example.com/x', projectId: 'no-such-project' }),
    );

    expect(direct.status).toBe(404);
    expect(listed).toEqual(direct.json);
    expect(saved.code).toBe('NOT_FOUND');
  });

  it('fails with UNAUTHORIZED, the token path and the remedy when the token file no longer matches, and leaves it', async () => {
    const replaced = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    writeFileSync(tokenPath, `${replaced}\n`, { mode: 0o600 });
    try {
      const error = toolError(await mcp.call('list_projects'));

      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toContain(`could not prove it holds the agent token read from ${tokenPath}`);
      expect(error.message).toContain(`delete ${tokenPath} and restart the app`);
      expect((await mcp.call('agent_info')).structuredContent).toMatchObject({
        running: false,
        reason: `UNAUTHORIZED: ${error.message}`,
      });
      expect(readFileSync(tokenPath, 'utf8')).toBe(`${replaced}\n`);
    } finally {
      writeFileSync(tokenPath, `${app.token}\n`, { mode: 0o600 });
    }
    expect((await mcp.call('list_projects')).isError).toBeFalsy();
  });

  it('writes nothing but JSON-RPC messages to stdout, failures included', async () => {
    const raw = startRawMcpSession(process.execPath, [MCP_BIN], { ...process.env, ...env });
    await raw.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1.0.0' },
    });
    raw.notify('notifications/initialized');
    const calls: [string, Record<string, unknown>][] = [
      ['agent_info', {}],
      ['list_projects', {}],
      ['list_endpoints', { projectId: 'no-such-project' }],
      ['save_curl', { command: 'curl' }],
      ['save_curl', { command: 'curl https://api.example.com/v1/raw', name: 'raw' }],
      ['no_such_tool', {}],
    ];
    await raw.request('tools/list');
    for (const [name, args] of calls) await raw.request('tools/call', { name, arguments: args });

    expect(await raw.end()).toBe(0);
    expect(raw.stdoutLines).toHaveLength(2 + calls.length);
    for (const line of raw.stdoutLines) {
      expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    }
  });

  it('answers a line that is not JSON with a parse error and goes on serving', async () => {
    const raw = startRawMcpSession(process.execPath, [MCP_BIN], { ...process.env, ...env });
    raw.send('{"jsonrpc":"2.0","id":1,"method":');
    const ping = await raw.request('ping');

    expect(await raw.end()).toBe(0);
    expect(JSON.parse(raw.stdoutLines[0] ?? '')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'a line is not JSON: {"jsonrpc":"2.0","id":1,"method":' },
    });
    expect(ping).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('reports no running control plane once the app has stopped, naming data dir, flavor and ports', async () => {
    await app.stop();

    const result = await mcp.call('list_projects');

    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(
      `no running control plane (data dir ${dataDir}, flavor dev): agent.json names no port, and none of ports ` +
        `${testPortsText()} accepted the token from ${tokenPath}. Start the app: run \`npm start\` in the Client source ` +
        `checkout with CLIENT_DATA_DIR=${dataDir}. Then call the tool again; client-mcp finds the app without being ` +
        'restarted.',
    );
    expect(mcp.stderr()).toContain(`client-mcp 0.1.0 serving MCP on stdio (data dir ${dataDir}, flavor dev)`);
  });
});
