/** Characters bash never treats specially, so a word made only of them needs no quotes. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes `text` as one bash word: single quotes, with each embedded `'` written as `'\''`. */
export function toShellWord(text: string): string {
  if (PLAIN_WORD.test(text)) return text;
  return `'${text.replaceAll("'", "'\\''")}'`;
}
