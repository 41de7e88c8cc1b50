import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, createDataDir, startAppProcess } from './support/app-process.js';
import { type McpSession, startMcpSession, structuredResult, toolError } from './support/mcp-session.js';
import { openUiApi, type UiApi } from './support/ui-api.js';

const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');

const STRIPE_KEY = 'sk_live_51HxQpLkTzE2eNeverToldAgents';

const dataDir = createDataDir();
let app: AppProcess;
let ui: UiApi;
let mcp: McpSession;
let projectId: string;

/** Every form of the key an agent could read it back in. */
const KEY_FORMS = [
  STRIPE_KEY,
  encodeURIComponent(STRIPE_KEY),
  Buffer.from(STRIPE_KEY).toString('base64'),
  JSON.stringify(STRIPE_KEY).slice(1, -1),
];

beforeAll(async () => {
  app = await startAppProcess({ dataDir });
  ui = await openUiApi(app);
  projectId = (await ui.call('POST', '/api/projects', { name: 'Payments', baseUrl: 'https://x.test' })).json.id;
  const environment = (await ui.call('POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json;
  await ui.call('PUT', `/api/environments/${environment.id}/variables`, {
    variables: [{ key: 'stripe_key', value: STRIPE_KEY, secret: true }],
  });
  await ui.call('PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.id });
  mcp = await startMcpSession({ command: process.execPath, args: [MCP_BIN], env: { CLIENT_DATA_DIR: dataDir } });
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await cleanupAppProcesses();
});

describe('an agent that saves a cURL uploading a secret variable as a file, and sends it', () => {
  it.each([
    ['-d @', `curl -X POST https://x.test/a -d @{{stripe_key}}`],
    ['--data-binary @', `curl -X POST https://x.test/a --data-binary @{{stripe_key}}`],
    ['--json @', `curl -X POST https://x.test/a --json @{{stripe_key}}`],
    ['-T', `curl -X POST https://x.test/a -T {{stripe_key}}`],
    ['-F f=@', `curl -X POST https://x.test/a -F f=@{{stripe_key}}`],
  ])('is told the file as written, {{stripe_key}}, and never the key (%s)', async (_flag, command) => {
    const saved = structuredResult(await mcp.call('save_curl', { command, projectId }));
    const sent = await mcp.call('send_endpoint', { endpointId: saved.endpointId, timeoutMs: 5_000 });
    const error = toolError(sent);
    expect(error).toEqual({
      code: 'VALIDATION',
      message:
        'the endpoint cannot be sent: the file {{stripe_key}} is a relative path; pick the file in the body editor',
    });
    // Over the control plane's HTTP too, and in nothing the MCP client received.
    const direct = await app.request('POST', '/agent/send', { body: { endpointId: saved.endpointId } });
    expect(direct.json).toEqual(error);
    for (const form of KEY_FORMS) {
      expect(JSON.stringify(sent)).not.toContain(form);
      expect(direct.text).not.toContain(form);
    }
  });
});
