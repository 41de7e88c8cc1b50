import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedSleeps, repositorySleeps, testFiles } from './fixed-sleeps.js';

/**
 * Test code that may sleep, each with why. A stand-in that must answer late on purpose does so with a timer that
 * answers (`setTimeout(() => response.end(), ms)`), which is not a sleep; a file is listed here only when a sleep is
 * itself what it shows.
 */
const MAY_SLEEP: Record<string, string> = {
  'scripts/fixed-sleeps.test.ts': 'the examples the check below is tested on',
};

const root = join(import.meta.dirname, '..');

describe('fixed sleeps in tests', () => {
  it('are found in each form, on their lines', () => {
    const source = [
      "import { setTimeout as sleep } from 'node:timers/promises';",
      'await new Promise((resolve) => setTimeout(resolve, 50));',
      'const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));',
      'await new Promise((r) => {',
      '  setTimeout(() => r(), 20);',
      '});',
      'await page.waitForTimeout(600);',
      'await new Promise(function (wake) { setTimeout(wake, 5); });',
    ].join('\n');
    expect(fixedSleeps(source).map(({ line }) => line)).toEqual([1, 2, 3, 5, 7, 8]);
    expect(fixedSleeps(source)[1]).toEqual({
      line: 2,
      text: 'await new Promise((resolve) => setTimeout(resolve, 50));',
    });
  });

  it('leave waits for events, deadlines that fail a wait, and stand-ins that answer late on purpose', () => {
    const source = [
      'await vi.waitFor(() => expect(seen).toBe(1), { timeout: 5000, interval: 20 });',
      'await expect.poll(() => app.stdout()).toContain("Stopped");',
      'await page.getByRole("dialog").waitFor();',
      'const timer = setTimeout(() => reject(new Error("no answer within 5 s")), 5000);',
      'await new Promise((resolve, reject) => {',
      '  socket.once("close", resolve);',
      '  const timer = setTimeout(() => reject(new Error("still open")), 1000);',
      '});',
      'setTimeout(() => response.end("late"), SLOW_MS);',
      'await new Promise((resolve) => setImmediate(resolve));',
      'Atomics.wait(gate, OPEN_GATE, 0);',
    ].join('\n');
    expect(fixedSleeps(source)).toEqual([]);
  });

  it('are nowhere in the repository’s tests but where a sleep is what a file shows', () => {
    expect(testFiles(root)).toEqual(
      expect.arrayContaining([
        'e2e/support/app-process.ts',
        'packages/app/src/ui-server/ui-server.test-support.ts',
        'packages/ui/src/hooks/use-theme.test.tsx',
        'scripts/fixed-sleeps.test.ts',
      ]),
    );
    const found = repositorySleeps(root);
    const unexpected = Object.fromEntries(Object.entries(found).filter(([file]) => MAY_SLEEP[file] === undefined));
    expect(unexpected).toEqual({});
    expect(Object.keys(found)).toEqual(Object.keys(MAY_SLEEP));
  });
});
