/**
 * A request's text as an error names it: as written (`{{token_url}}/x`), which is what to fix and holds no secret,
 * then as resolved with its secrets masked when that differs, which is what it came to.
 */
export function namedAsWritten(written: string, kept: string): string {
  return kept === written ? written : `${written} ("${kept}")`;
}
