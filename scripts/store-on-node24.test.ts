import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeRuntime } from './release/node-runtime.mjs';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'client-store-node24-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What vitest's JSON reporter writes that this test reads. */
interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

describe('the store on the release runtime', () => {
  // Releases run Node 24, where the store opens node:sqlite; the rest of the suite runs on Node 20 with better-sqlite3.
  it('passes every test of the store on Node 24 too', { timeout: 300_000 }, async () => {
    const { node } = nodeRuntime('linux-x64');
    const output = join(scratch, 'store.json');
    const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (!name.startsWith('VITEST') && name !== 'NODE_ENV' && name !== 'TEST') env[name] = value;
    }
    await run(node, [vitest, 'run', 'packages/store', '--reporter', 'json', '--outputFile', output], {
      cwd: repoRoot,
      env,
      maxBuffer: 64 * 1024 * 1024,
    }).catch(() => undefined);
    const report = JSON.parse(readFileSync(output, 'utf8')) as JsonReport;
    const failed = report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${test.fullName}: ${test.failureMessages[0]}`),
    );
    expect(failed).toEqual([]);
    expect(report.numPassedTests).toBeGreaterThan(100);
  });
});
