import { startAppProcess } from '../../../e2e/support/app-process.js';
import { importRequests } from '../fixtures/import-load.js';
import { generateLoad } from '../load/load-generator.js';
import type { BenchCase } from '../runner/bench-case.js';
import { profilingEnv } from '../runner/profiling.js';
import { bestOfAlternating, MEASURE_SECONDS, WARMUP_SECONDS } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

const CONNECTIONS = 8;

/** p99 latency of POST /agent/curl at concurrency 8, against the bare node:http server's p99 under the same load. */
export const importLatencyP99: BenchCase = {
  ids: ['import-latency-p99'],
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
        context.log(`  ${origin}: p99 ${result.latencyP99Ms.toFixed(3)} ms, p50 ${result.latencyP50Ms.toFixed(3)} ms`);
        return result.latencyP99Ms;
      };
      const { ours, baseline } = await bestOfAlternating('lower', load(bare.origin), load(app.address ?? ''));
      return [
        {
          id: 'import-latency-p99',
          value: ours,
          unit: 'ms',
          baseline: { name: 'bare node:http, fixed JSON', value: baseline },
          goal: { comparison: '<=', ratio: 4 },
          note: `concurrency ${CONNECTIONS}, exact p99 of every 2xx answer, best of alternating ${MEASURE_SECONDS} s runs`,
        },
      ];
    } finally {
      await app.stop();
      await bare.stop();
    }
  },
};
