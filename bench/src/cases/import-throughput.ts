import { startAppProcess } from '../../../e2e/support/app-process.js';
import { importRequests } from '../fixtures/import-load.js';
import { generateLoad } from '../load/load-generator.js';
import type { BenchCase } from '../runner/bench-case.js';
import { profilingEnv } from '../runner/profiling.js';
import { bestOfAlternating, MEASURE_SECONDS, WARMUP_SECONDS } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

const CONNECTIONS = 16;

/** POST /agent/curl imports per second at concurrency 16, against a bare node:http server under the same load. */
export const importThroughput: BenchCase = {
  ids: ['import-throughput'],
  async run(context) {
    const bare = await startBareServer('bare-json-server');
    const app = await startAppProcess({ env: profilingEnv() });
    try {
      const requests = importRequests(app.token);
      const load = (origin: string) => async () => {
        const result = await generateLoad({
          origin,
          connections: CONNECTIONS,
          warmupSeconds: WARMUP_SECONDS,
          durationSeconds: MEASURE_SECONDS,
          requests,
        });
        context.log(`  ${origin}: ${Math.round(result.requestsPerSecond)} req/s`);
        return result.requestsPerSecond;
      };
      const { ours, baseline } = await bestOfAlternating('higher', load(bare.origin), load(app.address ?? ''));
      return [
        {
          id: 'import-throughput',
          value: ours,
          unit: 'imports/s',
          baseline: { name: 'bare node:http, fixed JSON', value: baseline },
          goal: { comparison: '>=', ratio: 0.35 },
          note: `concurrency ${CONNECTIONS}, ${requests.length} commands rotated, best of alternating ${MEASURE_SECONDS} s runs`,
        },
      ];
    } finally {
      // SIGTERM, so that a profiled app writes its profile.
      await app.stop();
      await bare.stop();
    }
  },
};
