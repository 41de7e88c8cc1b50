import { request } from 'undici';
import { startAppProcess } from '../../../e2e/support/app-process.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { cpuMs } from '../runner/process-cpu.js';
import { profilingEnv } from '../runner/profiling.js';
import { bestOf, bestOfAlternating } from '../runner/rounds.js';
import { openUiSession, sequentialP50 } from '../runner/ui-session.js';
import { startBareServer } from '../servers/server-process.js';

/** Sequential requests per measured run, after as many discarded ones. */
const REQUESTS = 300;
const BODY_BYTES = 1024;

/**
 * A GET of a 1 KB JSON document from a local server, sent through the app's send API (what the Send button
 * does: resolve, send, read, record in History), against the same GET through a bare relay: a `node:http` server
 * that reads a JSON command and does one `undici.request`, the floor of any send API a window calls over HTTP.
 * The ratio is what the app adds beyond that hop.
 */
export const sendOverhead: BenchCase = {
  ids: ['send-overhead'],
  async run(context) {
    const target = await startBareServer('bare-json-server', [String(BODY_BYTES)]);
    const relay = await startBareServer('bare-relay-server');
    const app = await startAppProcess({ env: profilingEnv() });
    try {
      const ui = await openUiSession(await uiUrlOf(app));
      const created = await request(`${ui.origin}/api/projects`, {
        method: 'POST',
        headers: ui.headers,
        body: JSON.stringify({ name: 'Bench', baseUrl: target.origin }),
      });
      const { id: projectId } = (await created.body.json()) as { id: string };
      const sendBody = (requestId: string) =>
        JSON.stringify({
          requestId,
          projectId,
          endpointId: null,
          environmentId: null,
          request: {
            name: 'doc',
            method: 'GET',
            path: '/doc',
            queryParams: [],
            headers: [{ key: 'Accept', value: 'application/json' }],
            body: { mode: 'none' },
            auth: { type: 'none' },
            state: 'Designing',
          },
        });
      const throughApp = async () => {
        const answer = await request(`${ui.origin}/api/send`, {
          method: 'POST',
          headers: ui.headers,
          body: sendBody(crypto.randomUUID()),
        });
        const outcome = (await answer.body.json()) as { outcome?: string };
        if (outcome.outcome !== 'response') throw new Error(`the send failed: ${JSON.stringify(outcome)}`);
      };
      const direct = async () => {
        const answer = await request(`${target.origin}/doc`, { headers: { accept: 'application/json' } });
        await answer.body.text();
      };
      const throughRelay = async () => {
        const answer = await request(`${relay.origin}/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${target.origin}/doc` }),
        });
        await answer.body.json();
      };
      // CPU time per send of the process that did the work, as the wall clock on a busy machine hides it.
      const cpuPerSend = (pid: number, label: string, send: () => Promise<void>) => async () => {
        const before = cpuMs(pid);
        const value = await sequentialP50(REQUESTS, send);
        const perSend = ((cpuMs(pid) - before) * 1000) / (2 * REQUESTS);
        context.log(`  ${label}: p50 ${value.toFixed(3)} ms, ${perSend.toFixed(0)} µs of CPU per send`);
        return value;
      };
      const bare = await bestOf('lower', async () => {
        const value = await sequentialP50(REQUESTS, direct);
        context.log(`  bare undici.request: p50 ${value.toFixed(3)} ms`);
        return value;
      });
      const { ours, baseline } = await bestOfAlternating(
        'lower',
        cpuPerSend(relay.pid, 'through a bare relay', throughRelay),
        cpuPerSend(app.pid, 'through the app', throughApp),
      );
      return [
        {
          id: 'send-overhead',
          value: ours,
          unit: 'ms',
          baseline: { name: 'the same GET through a bare relay (one hop, one undici.request)', value: baseline },
          goal: { comparison: '<=', ratio: 1.5 },
          note:
            `p50 of ${REQUESTS} sequential GETs of a ${BODY_BYTES}-byte JSON document, each recorded in History, ` +
            `against a node:http server that reads a JSON command and does one undici.request: the floor of any ` +
            `send API a window calls over HTTP; a bare undici.request in one process took ${bare.toFixed(3)} ms`,
        },
      ];
    } finally {
      await app.stop();
      await relay.stop();
      await target.stop();
    }
  },
};
