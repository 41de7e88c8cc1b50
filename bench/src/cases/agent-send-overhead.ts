import { join } from 'node:path';
import { request } from 'undici';
import { runClientCommand, startAppProcess } from '../../../e2e/support/app-process.js';
import { startMcpSession } from '../../../e2e/support/mcp-session.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { REPO_ROOT } from '../runner/paths.js';
import { bestOfAlternating } from '../runner/rounds.js';
import { openUiSession, sequentialP50 } from '../runner/ui-session.js';
import { startBareServer } from '../servers/server-process.js';

const MCP_BIN = join(REPO_ROOT, 'packages/mcp/bin/client-mcp.js');
/** Sequential sends per measured run, after as many discarded ones. */
const REQUESTS = 200;
const BODY_BYTES = 1024;

/**
 * A saved endpoint (a GET of a 1 KB JSON document from a local server) sent by an agent through a real client-mcp
 * process with a standing permission (discovery, the proof, the control plane, the app's sender, the scrubbing),
 * against the person's own Send of the same endpoint through the UI API, both recorded in History.
 */
export const agentSendOverhead: BenchCase = {
  ids: ['agent-send-overhead'],
  async run(context) {
    const target = await startBareServer('bare-json-server', [String(BODY_BYTES)]);
    const app = await startAppProcess();
    const mcp = await startMcpSession({
      command: process.execPath,
      args: [MCP_BIN],
      env: { CLIENT_DATA_DIR: app.dataDir },
    });
    try {
      const ui = await openUiSession(await uiUrlOf(app));
      const created = await request(`${ui.origin}/api/projects`, {
        method: 'POST',
        headers: ui.headers,
        body: JSON.stringify({ name: 'Bench', baseUrl: target.origin }),
      });
      const { id: projectId } = (await created.body.json()) as { id: string };
      const imported = await app.request('POST', '/agent/curl', {
        body: { command: `curl ${target.origin}/doc -H 'Accept: application/json'`, projectId },
      });
      const { endpointId } = imported.json as { endpointId: string };
      const endpoint = (await (
        await request(`${ui.origin}/api/endpoints/${endpointId}`, { headers: ui.headers })
      ).body.json()) as Record<string, unknown>;
      const allowed = await runClientCommand(['agent', 'allow', '--project', projectId, '--minutes', '60'], {
        dataDir: app.dataDir,
      });
      if (allowed.code !== 0) throw new Error(`client agent allow failed: ${allowed.stderr}`);

      const byAgent = async () => {
        const result = await mcp.call('send_endpoint', { endpointId, timeoutMs: 5000 });
        if (result.isError === true) throw new Error(`send_endpoint failed: ${JSON.stringify(result.content)}`);
      };
      const byPerson = async () => {
        const answer = await request(`${ui.origin}/api/send`, {
          method: 'POST',
          headers: ui.headers,
          body: JSON.stringify({
            requestId: crypto.randomUUID(),
            projectId,
            endpointId,
            environmentId: null,
            request: endpoint,
          }),
        });
        const outcome = (await answer.body.json()) as { outcome?: string };
        if (outcome.outcome !== 'response') throw new Error(`the send failed: ${JSON.stringify(outcome)}`);
      };
      const { ours, baseline } = await bestOfAlternating(
        'lower',
        async () => {
          const value = await sequentialP50(REQUESTS, byPerson);
          context.log(`  the person's Send: p50 ${value.toFixed(3)} ms`);
          return value;
        },
        async () => {
          const value = await sequentialP50(REQUESTS, byAgent);
          context.log(`  send_endpoint through client-mcp: p50 ${value.toFixed(3)} ms`);
          return value;
        },
      );
      return [
        {
          id: 'agent-send-overhead',
          value: ours,
          unit: 'ms',
          baseline: { name: "the person's own Send of the same endpoint through the UI API", value: baseline },
          goal: { comparison: '<=', ratio: 2 },
          note: `p50 of ${REQUESTS} sequential sends of a ${BODY_BYTES}-byte JSON GET with a standing permission`,
        },
      ];
    } finally {
      await mcp.close();
      await app.stop();
      await target.stop();
    }
  },
};
