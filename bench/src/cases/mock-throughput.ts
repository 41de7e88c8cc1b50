import { createDataDir } from '../../../e2e/support/app-process.js';
import { freePort } from '../../../e2e/support/archetype-process.js';
import { startMockProcess } from '../../../e2e/support/mock-process.js';
import { seedMockProject, USER_API_OPENAPI, USER_EXAMPLE } from '../../../e2e/support/mock-project.js';
import { generateLoad } from '../load/load-generator.js';
import type { BenchCase } from '../runner/bench-case.js';
import { MEASURE_SECONDS, WARMUP_SECONDS } from '../runner/rounds.js';
import { startPrism, writeOpenApiFile } from '../servers/prism-process.js';
import { startBareServer } from '../servers/server-process.js';

const CONNECTIONS = 16;
const ROUNDS = 3;
const ROUTE = { method: 'GET', path: '/users/1' } as const;

/** Checks that a server answers the route with the example, so the load measures the same answer everywhere. */
async function expectExample(origin: string, who: string): Promise<void> {
  const answer = await fetch(`${origin}${ROUTE.path}`);
  const body = await answer.text();
  if (answer.status !== 200 || JSON.stringify(JSON.parse(body)) !== JSON.stringify(USER_EXAMPLE)) {
    throw new Error(`${who} answered GET ${ROUTE.path} with ${answer.status}: ${body}`);
  }
}

/**
 * `GET /users/1` answered from an example, req/s at concurrency 16: `client mock` on a project whose endpoint has
 * the example and the OpenAPI contract (so it validates the path parameter, as Prism does), against Prism 5 mocking
 * the OpenAPI document of that route, and against a bare Fastify route answering the same bytes. Each side's best of
 * three runs, taken in turns.
 */
export const mockThroughput: BenchCase = {
  ids: ['mock-throughput', 'mock-throughput-fastify'],
  async run(context) {
    const dataDir = createDataDir();
    seedMockProject(dataDir);
    const ours = await startMockProcess(['Shop', '--port', String(await freePort())], { dataDir });
    const prism = await startPrism(writeOpenApiFile(dataDir, USER_API_OPENAPI), await freePort());
    const bare = await startBareServer('bare-mock-server', [JSON.stringify(USER_EXAMPLE)]);
    try {
      await expectExample(ours.url, 'client mock');
      await expectExample(prism.origin, 'prism');
      await expectExample(bare.origin, 'bare Fastify');
      const load = async (name: string, origin: string): Promise<number> => {
        const result = await generateLoad({
          origin,
          connections: CONNECTIONS,
          warmupSeconds: WARMUP_SECONDS,
          durationSeconds: MEASURE_SECONDS,
          requests: [ROUTE],
        });
        context.log(
          `  ${name}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latencyP99Ms.toFixed(2)} ms`,
        );
        return result.requestsPerSecond;
      };
      const best = { ours: 0, prism: 0, bare: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        best.bare = Math.max(best.bare, await load('bare Fastify', bare.origin));
        best.prism = Math.max(best.prism, await load('prism', prism.origin));
        best.ours = Math.max(best.ours, await load('client mock', ours.url));
      }
      const note = `GET ${ROUTE.path} from an example, concurrency ${CONNECTIONS}, best of ${ROUNDS} runs each in turns`;
      return [
        {
          id: 'mock-throughput',
          value: best.ours,
          unit: 'req/s',
          baseline: { name: 'Prism 5 mocking the same OpenAPI route', value: best.prism },
          goal: { comparison: '>=', ratio: 3 },
          note,
        },
        {
          id: 'mock-throughput-fastify',
          value: best.ours,
          unit: 'req/s',
          baseline: { name: 'bare Fastify route answering the same body', value: best.bare },
          goal: { comparison: '>=', ratio: 0.5 },
          note,
        },
      ];
    } finally {
      await Promise.all([ours.stop('SIGKILL'), prism.stop(), bare.stop()]);
    }
  },
};
