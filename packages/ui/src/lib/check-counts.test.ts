import type { SendChecks } from '@client/core';
import { describe, expect, it } from 'vitest';
import { checkBadge, checkCounts, checksFailed } from './check-counts.js';

const checks = (parts: Partial<SendChecks>): SendChecks => ({
  id: 'c1',
  rows: [],
  tests: [],
  scriptErrors: [],
  console: [],
  variables: [],
  ...parts,
});

describe('the counts of a Send’s checks', () => {
  it('counts rows and script tests together, skipped ones apart', () => {
    const counts = checkCounts(
      checks({
        rows: [
          { assertion: 'status eq 200', passed: true, actual: '200' },
          { assertion: 'body contains x', passed: false, actual: 'y', message: 'no x' },
          { assertion: 'header X exists', passed: true, skipped: true, actual: null },
        ],
        tests: [{ assertion: 'has id' }, { assertion: 'fails', error: { name: 'AssertionError', message: 'no' } }],
      }),
    );
    expect(counts).toEqual({ passed: 2, failed: 2, skipped: 1, checked: 4, scriptErrors: 0 });
    expect(checkBadge(counts)).toBe('2/4');
    expect(checksFailed(counts)).toBe(true);
  });

  it('shows an error badge when only a script failed, and none for nothing at all', () => {
    const scriptOnly = checkCounts(
      checks({ scriptErrors: [{ phase: 'prerequest', level: 'endpoint', message: 'x is not defined' }] }),
    );
    expect(checkBadge(scriptOnly)).toBe('error');
    expect(checksFailed(scriptOnly)).toBe(true);
    expect(checkBadge(checkCounts(checks({})))).toBeNull();
  });
});
