/** Whether `text` holds a control character (NUL among them, which PostgreSQL cannot store in text). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The length of `text` in characters (code points), as zod and the databases count it: an emoji is one
 * character, where `text.length` counts two UTF-16 units.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
