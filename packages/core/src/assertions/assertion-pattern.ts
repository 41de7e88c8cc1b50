/** A `matches` row's value as a regular expression: the pattern as typed, or `/pattern/flags` as JavaScript writes it. */
export interface AssertionPattern {
  pattern: string;
  /** Among i, m, s and u; '' when the value is a bare pattern. */
  flags: string;
}

const SLASHED = /^\/([\s\S]*)\/([imsu]*)$/;

export function assertionPattern(value: string): AssertionPattern {
  const slashed = SLASHED.exec(value);
  if (slashed === null || slashed[1] === '') return { pattern: value, flags: '' };
  return { pattern: slashed[1] ?? '', flags: slashed[2] ?? '' };
}
