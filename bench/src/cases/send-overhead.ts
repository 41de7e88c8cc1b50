import { request } from 'undici';
import { startAppProcess } from '../../../e2e/support/app-process.js';
import { uiUrlOf } from '../../../e2e/support/ui-app.js';
import type { BenchCase } from '../runner/bench-case.js';
import { profilingEnv } from '../runner/profiling.js';
import { bestOf, bestOfAlternating } from '../runner/rounds.js';
import { openUiSession, sequentialP50 } from '../runner/ui-session.js';
import { startBareServer } from '../servers/server-process.js';

/** Sequential requests per measured run, after as many discarded ones. */
const REQUESTS = 300;
const BODY_BYTES = 1024;

/**
 * A GET of a 1 KB JSON document from a local server, sent through the app's send API (what the Send button
 * does: resolve, send, read, record in History), against the same GET sent by a bare `undici.request` from one
 * process. The ratio is what the app adds to a request.
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
      const bare = async () => {
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
      const relayed = await bestOf('lower', async () => {
        const value = await sequentialP50(REQUESTS, throughRelay);
        context.log(`  through a bare relay: p50 ${value.toFixed(3)} ms`);
        return value;
      });
      const { ours, baseline } = await bestOfAlternating(
        'lower',
        async () => {
          const value = await sequentialP50(REQUESTS, bare);
          context.log(`  bare undici.request: p50 ${value.toFixed(3)} ms`);
          return value;
        },
        async () => {
          const value = await sequentialP50(REQUESTS, throughApp);
          context.log(`  through the app: p50 ${value.toFixed(3)} ms`);
          return value;
        },
      );
      return [
        {
          id: 'send-overhead',
          value: ours,
          unit: 'ms',
          baseline: { name: 'the same GET by a bare undici.request in one process', value: baseline },
          goal: { comparison: '<=', ratio: 1.5 },
          note:
            `p50 of ${REQUESTS} sequential GETs of a ${BODY_BYTES}-byte JSON document, each recorded in History; ` +
            `the floor of any send API a window calls over HTTP, a bare relay (one hop, one undici.request), ` +
            `measured ${relayed.toFixed(3)} ms = ${(relayed / baseline).toFixed(2)}× the baseline, ours ` +
            `${(ours / relayed).toFixed(2)}× the relay`,
        },
      ];
    } finally {
      await app.stop();
      await relay.stop();
      await target.stop();
    }
  },
};
