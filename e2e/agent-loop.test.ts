import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  cleanupAppProcesses,
  createDataDir,
  runClientCommand,
  startAppProcess,
} from './support/app-process.js';
import { INSTALL_TIMEOUT, type RunningService } from './support/archetype-process.js';
import { type McpSession, startMcpSession, structuredResult } from './support/mcp-session.js';
import { serviceBearer, sharedArchetypeProject, startSharedService } from './support/shared-archetype-project.js';
import { openUiApi } from './support/ui-api.js';

const MCP_BIN = new URL('../packages/mcp/bin/client-mcp.js', import.meta.url).pathname;

let service: RunningService | undefined;
let app: AppProcess;
let mcp: McpSession;
let origin: string;

beforeAll(async () => {
  const projectDir = await sharedArchetypeProject();
  const started = await startSharedService(projectDir);
  service = started.service;
  const { port } = started;
  origin = `http://localhost:${port}`;
  const dataDir = createDataDir();
  app = await startAppProcess({ dataDir });
  mcp = await startMcpSession({ command: process.execPath, args: [MCP_BIN], env: { CLIENT_DATA_DIR: dataDir } });
}, INSTALL_TIMEOUT);

afterAll(async () => {
  await mcp?.close();
  await service?.stop();
  await cleanupAppProcesses();
});

interface Listed {
  endpointId: string;
  method: string;
  path: string;
}

describe('the agent loop: a generated service, saved, imported and sent through client-mcp', () => {
  it('saves, imports the service’s API description without duplicates, sends with a standing permission', async () => {
    const page = structuredResult(
      await mcp.call('save_curl', {
        command: `curl '${origin}/sys-users/page?page.pageNo=1&page.pageSize=10'`,
        name: 'Page users',
      }),
    );
    const projectId = String(page.projectId);
    // The service's writes take a bearer token (auth), which the saved request carries.
    const { authorization } = await serviceBearer();
    const create = structuredResult(
      await mcp.call('save_curl', {
        command: `curl -X POST ${origin}/sys-users -H 'Content-Type: application/json' -H 'Authorization: ${authorization}' -d '{"name":"loop-user","age":33}'`,
        name: 'Create user',
        projectId,
      }),
    );
    const listed = async () =>
      structuredResult(await mcp.call('list_endpoints', { projectId, limit: 1000 })).endpoints as Listed[];
    expect((await listed()).map((endpoint) => endpoint.endpointId).sort()).toEqual(
      [String(page.endpointId), String(create.endpointId)].sort(),
    );

    // skip: a match keeps what the agent saved (its concrete body) rather than the description's example.
    const imported = await runClientCommand(
      ['import', `${origin}/openapi.json`, '--project', projectId, '--on-match', 'skip'],
      { dataDir: app.dataDir },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const afterImport = await listed();
    const keys = afterImport.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    // Merged on method and path: the two saved by the agent are not there twice.
    expect(keys.filter((key) => key === 'GET /sys-users/page')).toHaveLength(1);
    expect(keys.filter((key) => key === 'POST /sys-users')).toHaveLength(1);
    expect(afterImport.length).toBeGreaterThan(2);

    const allowed = await runClientCommand(['agent', 'allow', '--project', projectId, '--minutes', '5'], {
      dataDir: app.dataDir,
    });
    expect(allowed.code, allowed.stderr).toBe(0);
    const sent = structuredResult(await mcp.call('send_endpoint', { endpointId: String(create.endpointId) }));
    expect(sent.status).toBe(200);
    expect(JSON.parse(String(sent.body))).toMatchObject({ code: 200, msg: 'success' });
    const paged = structuredResult(await mcp.call('send_endpoint', { endpointId: String(page.endpointId) }));
    const users = (JSON.parse(String(paged.body)) as { data: { list: { name: string }[] } }).data.list;
    expect(users.map((user) => user.name)).toContain('loop-user');

    const ui = await openUiApi(app);
    const history = (await ui.call('GET', `/api/projects/${projectId}/history`)).json as {
      id: string;
      sentBy: string;
    }[];
    expect(history.map((entry) => [entry.id, entry.sentBy])).toEqual([
      [paged.historyId, 'agent'],
      [sent.historyId, 'agent'],
    ]);
  });
});
