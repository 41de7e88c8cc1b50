import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastLines, runVitestIn } from './nested-vitest.test-support.js';

const fixture = mkdtempSync(join(tmpdir(), 'summary-reporter-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe('the summary reporter', () => {
  it('ends a real vitest run with the skip reasons and then the passed, failed and skipped counts', async () => {
    copyFileSync(join(import.meta.dirname, 'fixtures', 'skipping-servers.js'), join(fixture, 'servers.test.js'));
    const result = await runVitestIn(fixture);
    expect(result.code).toBe(1);
    expect(lastLines(result.stdout, 4)).toEqual([
      'Skipped:',
      '  servers.test.js › needs Redis: no Redis at 127.0.0.1:6379',
      '  servers.test.js › is not written yet: marked skip, no reason given',
      '1 passed, 1 failed, 2 skipped',
    ]);
  });
});
