import { createDataDir } from '../../../e2e/support/app-process.js';
import { freePort } from '../../../e2e/support/archetype-process.js';
import { startMockProcess } from '../../../e2e/support/mock-process.js';
import { seedMockProject, USER_API_OPENAPI } from '../../../e2e/support/mock-project.js';
import type { BenchCase } from '../runner/bench-case.js';
import { median } from '../runner/rounds.js';
import { startPrism, writeOpenApiFile } from '../servers/prism-process.js';

const STARTS = 7;

async function firstAnswer(origin: string): Promise<void> {
  const answer = await fetch(`${origin}/users/1`);
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${origin}/users/1 answered ${answer.status}`);
}

/**
 * `client mock` spawned until its first 200 for `GET /users/1`, against `prism mock` spawned until its first 200 for
 * the same route of the OpenAPI document; each is asked once it prints that it listens. Median of 7 starts each,
 * taken in turns, after one unmeasured start of each.
 */
export const mockStart: BenchCase = {
  ids: ['mock-start'],
  async run(context) {
    const dataDir = createDataDir();
    seedMockProject(dataDir);
    const document = writeOpenApiFile(dataDir, USER_API_OPENAPI);
    const startOurs = async (): Promise<number> => {
      const port = await freePort();
      const started = performance.now();
      const mock = await startMockProcess(['Shop', '--port', String(port)], { dataDir });
      try {
        await firstAnswer(mock.url);
        return performance.now() - started;
      } finally {
        await mock.stop('SIGKILL');
      }
    };
    const startPrismOnce = async (): Promise<number> => {
      const port = await freePort();
      const started = performance.now();
      const prism = await startPrism(document, port);
      try {
        await firstAnswer(prism.origin);
        return performance.now() - started;
      } finally {
        await prism.stop();
      }
    };
    await startPrismOnce();
    await startOurs();
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let start = 0; start < STARTS; start++) {
      baseline.push(await startPrismOnce());
      ours.push(await startOurs());
    }
    context.log(`  client mock: ${ours.map((ms) => Math.round(ms)).join(' ')} ms`);
    context.log(`  prism mock:  ${baseline.map((ms) => Math.round(ms)).join(' ')} ms`);
    return [
      {
        id: 'mock-start',
        value: median(ours),
        unit: 'ms',
        baseline: { name: 'prism mock spawn → first 200', value: median(baseline) },
        goal: { comparison: '<=', ratio: 0.5 },
        note: `median of ${STARTS} starts each, in turns, the same route of the same API`,
      },
    ];
  },
};
