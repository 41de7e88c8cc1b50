import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { isDriverInstalled } from './create-dialect.js';

const installed = isDriverInstalled('better-sqlite3');
if (!installed) console.warn('\n*** statement churn test skipped: better-sqlite3 is not installed ***\n');

const DOCKERFILE = new URL('../../../Dockerfile', import.meta.url);
const CHURN = fileURLToPath(new URL('./statement-churn.test-support.ts', import.meta.url));

/** The V8 flags the image runs the service with: the options of the Dockerfile's `CMD ["node", …]`. */
async function imageFlags(): Promise<string[]> {
  const command = /^CMD (\[.*\])$/m.exec(await readFile(DOCKERFILE, 'utf8'))?.[1];
  if (!command) throw new Error('the Dockerfile has no CMD ["node", …] line');
  return (JSON.parse(command) as string[]).filter((argument) => argument.startsWith('--'));
}

/** Runs of the churn: one runs into a driver's fault about every other time, five nearly always. */
const RUNS = 5;

/**
 * A SQLite driver whose statement finaliser does not hold up on the runtime aborts the whole process (exit 134,
 * no log line) when V8 collects statements the cache dropped, while the service runs or as it stops; the image's
 * small young generation makes that come sooner. Run on the runtime the tests run on, which CI and the image share.
 */
describe.runIf(installed)('SQLite statements dropped by the cache and collected', () => {
  it('leave the process running, and let it exit, under the image flags', async () => {
    const flags = await imageFlags();
    expect(flags).toContain('--max-semi-space-size=8');
    for (let run = 0; run < RUNS; run++) {
      const churn = await promisify(execFile)(process.execPath, [...flags, '--import', 'tsx', CHURN], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
      });
      expect(churn.stdout.trim(), `run ${run + 1}`).toBe('churned 5000 statements, read 5000 rows');
    }
  }, 120_000);
});
