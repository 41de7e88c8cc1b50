import { describe, expect, it } from 'vitest';
import { skipReason, summaryLines } from './test-summary.js';

describe('summaryLines', () => {
  it('ends with the three counts on a line of their own when nothing was skipped', () => {
    expect(summaryLines({ passed: 12, failed: 0, skipped: 0 }, [])).toEqual(['', '12 passed, 0 failed, 0 skipped']);
  });

  it('lists every skipped test with its file and reason above the counts', () => {
    const lines = summaryLines({ passed: 3, failed: 1, skipped: 2 }, [
      { file: 'e2e/a.test.ts', name: 'servers > runs on PostgreSQL', reason: 'no PostgreSQL at 127.0.0.1:5432' },
      { file: 'packages/x/src/b.test.ts', name: 'later', reason: 'marked todo' },
    ]);
    expect(lines).toEqual([
      '',
      'Skipped:',
      '  e2e/a.test.ts › servers > runs on PostgreSQL: no PostgreSQL at 127.0.0.1:5432',
      '  packages/x/src/b.test.ts › later: marked todo',
      '3 passed, 1 failed, 2 skipped',
    ]);
    expect(lines.at(-1)).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
  });
});

describe('skipReason', () => {
  it('prefers the note given to ctx.skip', () => {
    expect(skipReason('no Redis at 127.0.0.1:6379', 'run')).toBe('no Redis at 127.0.0.1:6379');
  });

  it('says how a test without a note was marked', () => {
    expect(skipReason(undefined, 'skip')).toBe('marked skip, no reason given');
    expect(skipReason('', 'todo')).toBe('marked todo');
    expect(skipReason(undefined, 'run')).toBe('did not run (a hook or an earlier failure stopped it)');
  });
});
