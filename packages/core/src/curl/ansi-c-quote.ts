import type { WorkMeter } from './work-meter.js';

/** Decoded text of a `$'…'` string and the index just past its closing quote (-1 when it never closes). */
export interface AnsiCString {
  text: string;
  end: number;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/**
 * Decodes the body of a bash `$'…'` string starting at `from` (just after `$'`), as bash does: `\n \t \\ \' \"`,
 * `\xHH` (1–2 hex digits), `\uHHHH` (1–4), `\UHHHHHHHH` (1–8), `\NNN` octal (1–3 digits), `\cX` control
 * characters; an unknown escape stays as written. A NUL ends the string's text, as it ends a C string in bash.
 * `\xHH` above 7F gives the character U+00HH: bash would emit that raw byte, but a command copied from a browser
 * means the character.
 */
export function decodeAnsiC(source: string, from: number, meter: WorkMeter): AnsiCString {
  const parts: string[] = [];
  let truncated = false;
  let i = from;
  const push = (value: string) => {
    if (truncated) return;
    const nul = value.indexOf('\0');
    if (nul >= 0) {
      parts.push(value.slice(0, nul));
      truncated = true;
    } else parts.push(value);
  };
  while (i < source.length) {
    meter.steps++;
    const c = source[i];
    if (c === "'") return { text: parts.join(''), end: i + 1 };
    if (c !== '\\') {
      let j = i + 1;
      while (j < source.length && source[j] !== "'" && source[j] !== '\\') j++;
      meter.steps += j - i;
      push(source.slice(i, j));
      i = j;
      continue;
    }
    const e = source[i + 1];
    if (e === undefined) break;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      push(simple);
      i += 2;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const max = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const digits = takeWhile(source, i + 2, max, isHexDigit);
      const codePoint = digits === '' ? -1 : Number.parseInt(digits, 16);
      push(
        codePoint >= 0 && codePoint <= 0x10ffff
          ? String.fromCodePoint(codePoint)
          : source.slice(i, i + 2 + digits.length),
      );
      i += 2 + digits.length;
    } else if (e >= '0' && e <= '7') {
      const digits = takeWhile(source, i + 1, 3, isOctalDigit);
      push(String.fromCharCode(Number.parseInt(digits, 8) & 0xff));
      i += 1 + digits.length;
    } else if (e === 'c' && source[i + 2] !== undefined && source[i + 2] !== "'") {
      const letter = source.charAt(i + 2);
      push(letter === '?' ? '\x7f' : String.fromCharCode(letter.toUpperCase().charCodeAt(0) & 0x1f));
      i += 3;
    } else {
      push(`\\${e}`);
      i += 2;
    }
  }
  return { text: parts.join(''), end: -1 };
}

function takeWhile(source: string, from: number, max: number, accept: (c: string) => boolean): string {
  let j = from;
  while (j < source.length && j - from < max && accept(source.charAt(j))) j++;
  return source.slice(from, j);
}

function isHexDigit(c: string): boolean {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

function isOctalDigit(c: string): boolean {
  return c >= '0' && c <= '7';
}
