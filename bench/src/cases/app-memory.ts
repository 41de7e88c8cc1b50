import { startAppProcess } from '../../../e2e/support/app-process.js';
import { importRequests } from '../fixtures/import-load.js';
import { generateLoad } from '../load/load-generator.js';
import type { BenchCase } from '../runner/bench-case.js';
import { residentBytes, settle } from '../runner/process-memory.js';
import { startBareServer } from '../servers/server-process.js';

const IMPORTS = 10_000;
const CONNECTIONS = 16;
const MIB = 1024 * 1024;

/**
 * The app's resident memory idle, and after 10,000 imports, beside the bare node:http server's after the same
 * requests.
 */
export const appMemory: BenchCase = {
  ids: ['idle-rss', 'rss-after-10k-imports'],
  async run(context) {
    const bare = await startBareServer('bare-json-server');
    const app = await startAppProcess();
    try {
      // Past the moment the control plane builds its routes (a second after the start): idle is after that.
      await settle(2_000);
      const idle = { ours: residentBytes(app.pid), baseline: residentBytes(bare.pid) };
      const requests = importRequests(app.token);
      for (const origin of [bare.origin, app.address ?? '']) {
        const result = await generateLoad({
          origin,
          connections: CONNECTIONS,
          warmupSeconds: 0,
          durationSeconds: 0,
          amount: IMPORTS,
          requests,
        });
        context.log(`  ${origin}: ${result.answered2xx} answers`);
      }
      await settle();
      const loaded = { ours: residentBytes(app.pid), baseline: residentBytes(bare.pid) };
      return [
        {
          id: 'idle-rss',
          value: idle.ours / MIB,
          unit: 'MiB',
          baseline: { name: 'bare node:http server', value: idle.baseline / MIB },
          goal: { comparison: '<=', ratio: 1.4 },
          note: 'client --no-window one second after it was ready',
        },
        {
          id: 'rss-after-10k-imports',
          value: loaded.ours / MIB,
          unit: 'MiB',
          baseline: { name: 'bare node:http server after the same requests', value: loaded.baseline / MIB },
          goal: { comparison: '<=', ratio: 1.8 },
          note: `${IMPORTS} imports at concurrency ${CONNECTIONS}, measured one second later`,
        },
      ];
    } finally {
      await app.stop();
      await bare.stop();
    }
  },
};
