import { assertionPattern } from '@client/core';
import { RE2JS } from 're2js';

export type PatternTest = { matched: boolean } | { error: string };

const FLAGS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  // RE2 reads every pattern as Unicode already.
  u: 0,
};

/**
 * Whether `text` holds a match of a `matches` row's pattern. RE2 matches in time linear in the text, so no
 * pattern (`(a+)+$`) can stall a run however long the body; it has no look-around or back-references, which
 * the answer names instead of throwing.
 */
export function testPattern(value: string, text: string): PatternTest {
  const { pattern, flags } = assertionPattern(value);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(
      pattern,
      [...flags].reduce((all, flag) => all | (FLAGS[flag] ?? 0), 0),
    );
  } catch (error) {
    return {
      error: `the pattern ${value} cannot be used (${(error as Error).message}); look-around and back-references are not supported`,
    };
  }
  return { matched: compiled.test(text) };
}
