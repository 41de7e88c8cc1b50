import { agentRequest, createDataDir, startAppProcess } from '../../../e2e/support/app-process.js';
import type { BenchCase } from '../runner/bench-case.js';
import { median } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';

const STARTS = 10;

async function firstHealthy(port: number | null, token: string | null): Promise<void> {
  if (port === null) throw new Error('the control plane is down');
  const answer = await agentRequest(port, 'GET', '/agent/health', { token });
  if (answer.status !== 200) throw new Error(`health answered ${answer.status}: ${answer.text}`);
}

/**
 * `client --no-window` spawned until its first 200 from /agent/health, against a bare node:http server
 * spawned until its first 200; median of 10 starts each, taken in turns. The data dir is the same for every
 * start (a returning user's), and a first start of each, which creates the token and the database, is not
 * counted.
 */
export const coldStart: BenchCase = {
  ids: ['cold-start'],
  async run(context) {
    const dataDir = createDataDir();
    const startApp = async (): Promise<number> => {
      const started = performance.now();
      const app = await startAppProcess({ dataDir });
      await firstHealthy(app.port, app.token);
      const ms = performance.now() - started;
      await app.stop();
      return ms;
    };
    const startBare = async (): Promise<number> => {
      const started = performance.now();
      const bare = await startBareServer('bare-json-server');
      await firstHealthy(bare.port, null);
      const ms = performance.now() - started;
      await bare.stop();
      return ms;
    };
    await startBare();
    await startApp();
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let start = 0; start < STARTS; start++) {
      baseline.push(await startBare());
      ours.push(await startApp());
    }
    context.log(`  client: ${ours.map((ms) => Math.round(ms)).join(' ')} ms`);
    context.log(`  bare:   ${baseline.map((ms) => Math.round(ms)).join(' ')} ms`);
    return [
      {
        id: 'cold-start',
        value: median(ours),
        unit: 'ms',
        baseline: { name: 'bare node:http server spawn → first 200', value: median(baseline) },
        goal: { comparison: '<=', ratio: 2.5 },
        note: `median of ${STARTS} starts each, in turns, on a data dir that already holds a token and a database`,
      },
    ];
  },
};
