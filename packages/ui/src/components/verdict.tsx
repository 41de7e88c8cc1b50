export type VerdictKind = 'passed' | 'failed' | 'skipped' | 'error';

const WORDS: Record<VerdictKind, string> = { passed: 'Pass', failed: 'Fail', skipped: 'Skip', error: 'Error' };

/** A check's verdict as a small pill: the word itself, so it reads without its colour. */
export function Verdict({ verdict }: { verdict: VerdictKind }) {
  return <span className={`verdict verdict-${verdict}`}>{WORDS[verdict]}</span>;
}
