import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAgentPrompt } from './support/agent-prompt.js';
import { type AppProcess, cleanupAppProcesses, createDataDir, startAppProcess } from './support/app-process.js';
import { type McpSession, startMcpSession, structuredResult, toolError } from './support/mcp-session.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { type LocalServer, startLocalServer } from './support/ui-session.js';

const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');
const TEE = resolve(import.meta.dirname, 'support/tee-stdout.mjs');

const API_KEY = 'sk_live_e2e-run-must-not-see';
const HEADER_TOKEN = 'hdr-token-run-0123456789abcdef';

const dataDir = createDataDir();
const stdoutFile = join(dataDir, 'client-mcp-stdout.jsonl');
let app: AppProcess;
let ui: UiApi;
let mcp: McpSession;
let target: LocalServer;
let projectId: string;
let checksId: string;

/** A careless server: echoes the key it got, plain and in base64; never answers /hang. */
function echo(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) {
  if (request.url?.startsWith('/hang')) return;
  response.setHeader('content-type', 'application/json');
  const key = String(request.headers['x-api-key'] ?? '');
  response.end(
    JSON.stringify({
      key,
      token: request.headers['x-header-token'] ?? null,
      base64: Buffer.from(key).toString('base64'),
    }),
  );
}

const answerPrompt = (decision: string) => answerAgentPrompt(ui, decision);

async function saveCurl(command: string, folderId: string, tests?: unknown[]): Promise<CallToolResult> {
  return mcp.call('save_curl', { command, projectId, folderId, ...(tests === undefined ? {} : { tests }) });
}

beforeAll(async () => {
  target = await startLocalServer(echo);
  app = await startAppProcess({ dataDir });
  ui = await openUiApi(app);
  projectId = (await ui.call('POST', '/api/projects', { name: 'Shop', baseUrl: target.origin })).json.id;
  const environment = (await ui.call('POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json;
  await ui.call('PUT', `/api/environments/${environment.id}/variables`, {
    variables: [{ key: 'api_key', value: API_KEY, secret: true }],
  });
  await ui.call('PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.id });
  checksId = (await ui.call('POST', `/api/projects/${projectId}/folders`, { name: 'Checks' })).json.id;
  mcp = await startMcpSession({
    command: process.execPath,
    args: [TEE, stdoutFile, process.execPath, MCP_BIN],
    env: { CLIENT_DATA_DIR: dataDir },
  });
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await target?.close();
  await cleanupAppProcesses();
});

describe('an agent running tests through client-mcp and the real app', () => {
  it('saves a request with its assertion rows, lists them, and refuses a bad row naming it', async () => {
    const tests = [
      { source: 'status', operator: 'eq', value: 200 },
      { source: 'jsonpath', property: '$.key', operator: 'eq', value: 'nope' },
      { source: 'jsonpath', property: '$.token', operator: 'eq', value: 'nope' },
    ];
    const command =
      `curl '${target.origin}/orders?token={{api_key}}' -H 'X-Api-Key: {{api_key}}' ` +
      `-H 'X-Header-Token: ${HEADER_TOKEN}'`;
    const saved = structuredResult(await saveCurl(command, checksId, tests));
    const listed = structuredResult(await mcp.call('list_endpoints', { projectId }));
    expect(listed.endpoints).toEqual([
      expect.objectContaining({
        endpointId: saved.endpointId,
        tests: [
          { source: 'status', property: '', operator: 'eq', value: '200' },
          { source: 'jsonpath', property: '$.key', operator: 'eq', value: 'nope' },
          { source: 'jsonpath', property: '$.token', operator: 'eq', value: '••••' },
        ],
      }),
    ]);

    const bad = toolError(
      await saveCurl(command, checksId, [tests[0], { source: 'status', operator: 'gt', value: 'x' }]),
    );
    expect(bad).toEqual({ code: 'VALIDATION', message: expect.stringContaining('tests[1].value must be a number') });
    expect((structuredResult(await mcp.call('list_endpoints', { projectId })).endpoints as unknown[]).length).toBe(1);
  });

  it('runs once the person allows it in the window, and answers each failure with the secrets masked', async () => {
    const running = mcp.call('run_tests', { projectId, folderId: checksId, timeoutMs: 20_000 });
    const prompt = await answerPrompt('once');
    expect(prompt).toMatchObject({
      kind: 'run',
      folderName: 'Checks',
      requestCount: 1,
      hosts: [new URL(target.origin).host],
      requests: [{ method: 'GET', name: 'Checks / orders', url: `${target.origin}/orders?token=••••` }],
    });
    const result = structuredResult(await running);
    expect(result).toMatchObject({
      status: 'failed',
      requests: { total: 1, failed: 0 },
      assertions: { total: 3, failed: 2 },
      failures: [
        { request: 'Checks / orders', assertion: 'jsonpath $.key eq nope', message: 'expected "nope", got "••••"' },
        // The header's literal token is a credential the request carried: masked although no variable holds it.
        { request: 'Checks / orders', assertion: 'jsonpath $.token eq nope', message: 'expected "nope", got "••••"' },
      ],
      failuresOmitted: 0,
    });
    const runs = (await ui.call('GET', `/api/projects/${projectId}/runs`)).json;
    expect(runs[0]).toMatchObject({ id: result.runId, source: 'agent', status: 'failed' });
  });

  it('is refused with DENIED when the person says no, and CONSENT_TIMEOUT when nobody answers', async () => {
    const denied = mcp.call('run_tests', { projectId, timeoutMs: 20_000 });
    await answerPrompt('deny');
    expect(toolError(await denied).code).toBe('DENIED');
    const waited = toolError(await mcp.call('run_tests', { projectId, timeoutMs: 1_000 }));
    expect(waited).toEqual({ code: 'CONSENT_TIMEOUT', message: expect.stringContaining('client agent allow') });
  });

  it('answers a long run as a job, with progress while it waits, to follow with get_run and stop with cancel_run', async () => {
    const slowId = (await ui.call('POST', `/api/projects/${projectId}/folders`, { name: 'Slow' })).json.id;
    structuredResult(await saveCurl(`curl ${target.origin}/hang`, slowId));
    const updates: { progress: number; message?: string }[] = [];
    const running = mcp.client.callTool({ name: 'run_tests', arguments: { projectId, timeoutMs: 6_000 } }, undefined, {
      onprogress: (update) => updates.push(update),
    });
    await answerPrompt('project');
    const job = structuredResult((await running) as CallToolResult);
    expect(job).toMatchObject({ status: 'running', finishedAt: null, name: 'Shop' });
    expect(job.notes).toEqual([expect.stringContaining('get_run')]);
    expect(updates[0]).toMatchObject({ message: expect.stringContaining("waiting for the person's answer") });

    const followed = structuredResult(await mcp.call('get_run', { runId: job.runId }));
    expect(followed).toMatchObject({ runId: job.runId, status: 'running', requests: { total: 1 } });
    const cancelled = structuredResult(await mcp.call('cancel_run', { runId: job.runId }));
    expect(cancelled).toMatchObject({ status: 'cancelled', requests: { total: 2, failed: 1 } });
    expect(structuredResult(await mcp.call('get_run', { runId: job.runId })).status).toBe('cancelled');
    expect(toolError(await mcp.call('get_run', { runId: 'nope' })).code).toBe('NOT_FOUND');
    expect((await ui.call('DELETE', '/api/agent/permissions')).status).toBe(204);
  }, 30_000);

  it('never put a secret, in any encoding, into a byte client-mcp wrote', () => {
    const bytes = readFileSync(stdoutFile, 'utf8');
    expect(bytes).toContain('"status":"failed"');
    for (const secret of [API_KEY, HEADER_TOKEN]) {
      const forms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')];
      for (const form of forms) expect(bytes).not.toContain(form);
    }
  });
});
