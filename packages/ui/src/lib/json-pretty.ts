/**
 * Re-indents JSON text already known to be valid (two spaces, as `JSON.stringify(…, null, 2)`), keeping every
 * token as written: numbers beyond double precision, escapes and key order stay exactly what the server sent,
 * which a parse and stringify would change.
 */
export function prettyJson(text: string): string {
  const out: string[] = [];
  let indent = '';
  let piece = 0;
  let index = 0;
  // Pieces are flushed to `out` at each structural character, so no character is concatenated twice.
  const flushTo = (end: number) => {
    if (end > piece) out.push(text.slice(piece, end));
  };
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === QUOTE) {
      index = stringEnd(text, index);
      continue;
    }
    if (char === SPACE || char === TAB || char === NEWLINE || char === RETURN) {
      flushTo(index);
      index++;
      piece = index;
      continue;
    }
    if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      flushTo(index + 1);
      const closing = char === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      const next = skipSpace(text, index + 1);
      if (text.charCodeAt(next) === closing) {
        out.push(String.fromCharCode(closing));
        index = next + 1;
      } else {
        indent += '  ';
        out.push(`\n${indent}`);
        index++;
      }
      piece = index;
      continue;
    }
    if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      flushTo(index);
      indent = indent.slice(2);
      out.push(`\n${indent}${text[index]}`);
      index++;
      piece = index;
      continue;
    }
    if (char === COMMA) {
      flushTo(index);
      out.push(`,\n${indent}`);
      index++;
      piece = index;
      continue;
    }
    if (char === COLON) {
      flushTo(index);
      out.push(': ');
      index++;
      piece = index;
      continue;
    }
    index++;
  }
  flushTo(index);
  return out.join('');
}

const QUOTE = 34;
const BACKSLASH = 92;
const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const RETURN = 13;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

/** The index just past the string that starts at `start` (a quote). */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    index = quote + 1;
  }
}

function skipSpace(text: string, from: number): number {
  let index = from;
  for (;;) {
    const char = text.charCodeAt(index);
    if (char !== SPACE && char !== TAB && char !== NEWLINE && char !== RETURN) return index;
    index++;
  }
}
