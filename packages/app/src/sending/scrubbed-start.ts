/** Past the part of a body that is kept or shown, how much more is scrubbed with it: longer than any encoded secret. */
const SCRUB_MARGIN_BYTES = 64 * 1024;

/** The first `bytes` of `text` in UTF-8, without a character cut in two. */
function cutUtf8(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  // A character cut in two decodes to U+FFFD; it is dropped rather than kept.
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

/**
 * The first `bytes` of a body once scrubbed, and whether anything was left out. Only the start is scrubbed, which
 * keeps a large body cheap, with a margin past the cut, so that a secret running across the cut is found whole
 * rather than leaving its first characters behind.
 */
export function scrubbedStart(
  text: string,
  bytes: number,
  scrub: (text: string) => string,
): { text: string; cut: boolean } {
  const start = cutUtf8(text, bytes + SCRUB_MARGIN_BYTES);
  const scrubbed = scrub(start);
  const kept = cutUtf8(scrubbed, bytes);
  return { text: kept, cut: start !== text || kept !== scrubbed };
}
