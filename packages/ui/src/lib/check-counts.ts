import type { SendChecks } from '@client/core';

export interface CheckCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Checks that were made: passed and failed, not skipped. */
  checked: number;
  /** Scripts that threw or were stopped: they fail the Send as a failed check does. */
  scriptErrors: number;
}

/** How the checks of one Send went: the assertion rows and the scripts' tests together. */
export function checkCounts(checks: SendChecks): CheckCounts {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const row of checks.rows) {
    if (row.skipped === true) skipped++;
    else if (row.passed) passed++;
    else failed++;
  }
  for (const test of checks.tests) {
    if (test.skipped === true) skipped++;
    else if (test.error === undefined) passed++;
    else failed++;
  }
  return { passed, failed, skipped, checked: passed + failed, scriptErrors: checks.scriptErrors.length };
}

/** The Tests tab's badge: `7/8` passed of those checked, `error` when only a script failed; null for nothing. */
export function checkBadge(counts: CheckCounts): string | null {
  if (counts.checked > 0) return `${counts.passed}/${counts.checked}`;
  return counts.scriptErrors > 0 ? 'error' : null;
}

/** Whether anything of the checks failed: a row, a test, or a script. */
export const checksFailed = (counts: CheckCounts): boolean => counts.failed > 0 || counts.scriptErrors > 0;
