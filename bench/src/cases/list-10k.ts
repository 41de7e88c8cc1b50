import { startAppProcess } from '../../../e2e/support/app-process.js';
import { createEndpointDatabase } from '../fixtures/endpoint-database.js';
import { generateLoad } from '../load/load-generator.js';
import type { LoadRequest } from '../load/load-options.js';
import type { BenchCase } from '../runner/bench-case.js';
import { profilingEnv } from '../runner/profiling.js';
import { bestOfAlternating, MEASURE_SECONDS, WARMUP_SECONDS } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

const ENDPOINTS = 10_000;
const CONNECTIONS = 4;

/**
 * GET /agent/endpoints/:projectId on a project of 10,000 endpoints, against a bare node:http server that
 * reads the same rows from the same file with one prepared statement. Also records the file size per 1,000
 * endpoints against the size of the commands they were imported from.
 */
export const list10k: BenchCase = {
  ids: ['list-10k', 'sqlite-bytes-per-1000-endpoints'],
  async run(context) {
    const database = createEndpointDatabase(ENDPOINTS);
    context.log(`  ${ENDPOINTS} endpoints imported into ${database.databasePath}`);
    const app = await startAppProcess({ dataDir: database.dataDir, env: profilingEnv() });
    const bare = await startBareServer('bare-list-server', [database.databasePath, database.projectId]);
    try {
      const path = `/agent/endpoints/${database.projectId}`;
      const ours = await app.request('GET', path);
      const listed = (ours.json as unknown[] | undefined)?.length;
      if (ours.status !== 200 || listed !== ENDPOINTS)
        throw new Error(`the app listed ${listed} endpoints (${ours.status})`);
      const requests: LoadRequest[] = [{ method: 'GET', path, headers: { authorization: `Bearer ${app.token}` } }];
      const load = (origin: string) => async () => {
        const result = await generateLoad({
          origin,
          connections: CONNECTIONS,
          warmupSeconds: WARMUP_SECONDS,
          durationSeconds: MEASURE_SECONDS,
          requests,
        });
        context.log(`  ${origin}: ${result.requestsPerSecond.toFixed(1)} req/s`);
        return result.requestsPerSecond;
      };
      const { ours: value, baseline } = await bestOfAlternating('higher', load(bare.origin), load(app.address ?? ''));
      const thousands = ENDPOINTS / 1000;
      return [
        {
          id: 'list-10k',
          value,
          unit: 'req/s',
          baseline: { name: 'bare node:http, one prepared statement + JSON.stringify', value: baseline },
          goal: { comparison: '>=', ratio: 0.8 },
          note: `${ENDPOINTS} endpoints (${(Buffer.byteLength(ours.text) / 1e6).toFixed(1)} MB answer), concurrency ${CONNECTIONS}`,
        },
        {
          id: 'sqlite-bytes-per-1000-endpoints',
          value: (database.filledBytes - database.emptyBytes) / thousands,
          unit: 'bytes',
          baseline: { name: 'the imported cURL commands as text', value: database.commandBytes / thousands },
          goal: { comparison: '<=', ratio: 2 },
          note: `client.db after ${ENDPOINTS} imports, checkpointed, minus the empty database`,
        },
      ];
    } finally {
      await app.stop();
      await bare.stop();
    }
  },
};
