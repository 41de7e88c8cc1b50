/** A test that did not run, and why: the note of `ctx.skip(note)`, or how it was marked when it has none. */
export interface SkippedTest {
  readonly file: string;
  readonly name: string;
  readonly reason: string;
}

export interface TestCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

/** Why a test did not run: its skip note, else how it was marked, else that something before it stopped it. */
export function skipReason(note: string | undefined, mode: 'run' | 'only' | 'skip' | 'todo'): string {
  if (note !== undefined && note !== '') return note;
  if (mode === 'skip') return 'marked skip, no reason given';
  if (mode === 'todo') return 'marked todo';
  return 'did not run (a hook or an earlier failure stopped it)';
}

/**
 * The end of every run: one line per skipped test (`file › test: reason`), then `N passed, N failed, N skipped`
 * as the very last line, which CI reads.
 */
export function summaryLines(counts: TestCounts, skips: ReadonlyArray<SkippedTest>): string[] {
  const lines = [''];
  if (skips.length > 0) {
    lines.push('Skipped:');
    for (const skip of skips) lines.push(`  ${skip.file} › ${skip.name}: ${skip.reason}`);
  }
  lines.push(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  return lines;
}
