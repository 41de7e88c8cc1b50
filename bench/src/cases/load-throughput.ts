import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataDir, runClientCommand } from '../../../e2e/support/app-process.js';
import { generateLoad } from '../load/load-generator.js';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating } from '../runner/rounds.js';
import { startBareServer } from '../servers/server-process.js';
import { postmanCollection } from './runner-collection.js';

const CONNECTIONS = 16;
const SECONDS = 5;

/**
 * The load mode's throughput: `client run … --load` of a one-request collection over N connections for a few
 * seconds ÷ autocannon with the same connections against the same server, each in a process of its own.
 */
export const loadThroughput: BenchCase = {
  ids: ['load-throughput'],
  async run(context) {
    const target = await startBareServer('bare-json-server', ['1024']);
    const folder = mkdtempSync(join(tmpdir(), 'client-bench-load-'));
    const file = join(folder, 'load.postman_collection.json');
    writeFileSync(file, JSON.stringify(postmanCollection(target.origin, 1, '')));
    const dataDir = createDataDir();
    try {
      const { ours, baseline } = await bestOfAlternating(
        'higher',
        async () => {
          const result = await generateLoad({
            origin: target.origin,
            connections: CONNECTIONS,
            warmupSeconds: 1,
            durationSeconds: SECONDS,
            requests: [{ method: 'GET', path: '/doc-0' }],
          });
          context.log(`  autocannon: ${result.requestsPerSecond.toFixed(0)} requests/s`);
          return result.requestsPerSecond;
        },
        async () => {
          const args = ['run', file, '--load', '--connections', String(CONNECTIONS), '--duration', `${SECONDS}s`];
          const run = await runClientCommand([...args, '--reporter', 'json'], { dataDir, timeoutMs: 60_000 });
          if (run.code !== 0) throw new Error(`client run --load failed (${run.code}): ${run.stderr}`);
          const { throughput } = JSON.parse(run.stdout) as { throughput: number };
          context.log(`  client run --load: ${throughput.toFixed(0)} requests/s`);
          return throughput;
        },
      );
      return [
        {
          id: 'load-throughput',
          value: ours,
          unit: 'requests/s',
          baseline: { name: `autocannon with ${CONNECTIONS} connections on the same server`, value: baseline },
          goal: { comparison: '>=', ratio: 0.8 },
          note: `${SECONDS} s of a local GET of 1 KB of JSON over ${CONNECTIONS} connections, each tool in its own process`,
        },
      ];
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await target.stop();
    }
  },
};
