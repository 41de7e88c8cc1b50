import { AppError } from '../errors.js';

/**
 * Quotes a value as one bash word, for writing a request out as a curl command. Plain words stay bare, other
 * text goes in single quotes (a `'` becomes `'\''`), and text with control characters, carriage returns or lone
 * surrogates uses `$'…'` escapes, which survive copy-paste and line-ending conversion. `parseCurl` reads every
 * result back to the same value.
 */
export function toShellWord(value: string): string {
  if (value.includes('\0')) {
    throw new AppError(
      'VALIDATION',
      'a NUL character cannot be passed on a command line; send a body that contains one from a file with --data-binary @file',
    );
  }
  if (value === '') return "''";
  if (isBare(value)) return value;
  if (!needsAnsiC(value)) return `'${value.replaceAll("'", `'\\''`)}'`;
  return `$'${escapeAnsiC(value)}'`;
}

/** Characters bash never treats specially, so a word made only of them needs no quotes. */
function isBare(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const letterOrDigit = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!letterOrDigit && !'%+,-./:=@_'.includes(value.charAt(i))) return false;
  }
  return !value.startsWith('=');
}

/**
 * Control characters (except tab and line feed) cannot be pasted reliably; a line that ends in `^` inside
 * quotes would read as a Windows cmd continuation, so its line break is escaped too.
 */
function needsAnsiC(value: string): boolean {
  if (value.includes('^\n')) return true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x0a && c !== 0x09) || c === 0x7f || isLoneSurrogate(value, i)) return true;
  }
  return false;
}

function escapeAnsiC(value: string): string {
  const parts: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const ch = value.charAt(i);
    if (ch === '\\' || ch === "'") parts.push(`\\${ch}`);
    else if (ch === '\n') parts.push('\\n');
    else if (ch === '\r') parts.push('\\r');
    else if (ch === '\t') parts.push('\\t');
    else if (c < 0x20 || c === 0x7f) parts.push(`\\x${c.toString(16).padStart(2, '0')}`);
    else if (isLoneSurrogate(value, i)) parts.push(`\\u${c.toString(16).padStart(4, '0')}`);
    else parts.push(ch);
  }
  return parts.join('');
}

function isLoneSurrogate(value: string, i: number): boolean {
  const c = value.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = value.charCodeAt(i + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const previous = value.charCodeAt(i - 1);
    return !(previous >= 0xd800 && previous <= 0xdbff);
  }
  return false;
}
