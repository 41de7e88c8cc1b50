import { AppError } from '../errors.js';
import { describePosition, snippetAround } from './text-position.js';
import type { WorkMeter } from './work-meter.js';

/**
 * The index just after the expansion starting at `at` (`$NAME`, `${…}`, `$(…)`, `$((…))`, `` `…` ``, `$1`),
 * or `at + 1` when the `$` starts none. Nested parentheses and quotes inside `$(…)` are skipped in one pass.
 */
export function expansionEnd(text: string, at: number, meter: WorkMeter): number {
  const c = text[at];
  if (c === '`') {
    let i = at + 1;
    while (i < text.length && text[i] !== '`') {
      meter.steps++;
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) throw unbalancedQuote(text, at, '`');
    return i + 1;
  }
  const next = text[at + 1];
  if (next === '(' || next === '{') return closingBracketEnd(text, at, next, meter);
  if (next !== undefined && isNameStart(next)) {
    let i = at + 2;
    while (i < text.length && isNameChar(text.charAt(i))) i++;
    meter.steps += i - at;
    return i;
  }
  if (next !== undefined && '0123456789@*#?$!-'.includes(next)) return at + 2;
  return at + 1;
}

function closingBracketEnd(text: string, at: number, open: '(' | '{', meter: WorkMeter): number {
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  let i = at + 1;
  while (i < text.length) {
    meter.steps++;
    const c = text[i];
    if (c === open) depth++;
    else if (c === close) {
      depth--;
      if (depth === 0) return i + 1;
    } else if (c === '\\') i++;
    else if (c === "'" || c === '"' || c === '`') {
      const end = skipQuoted(text, i, c);
      if (end < 0) break;
      meter.steps += end - i;
      i = end - 1;
    }
    i++;
  }
  throw new AppError(
    'VALIDATION',
    `unbalanced ${text.slice(at, at + 2)} at ${describePosition(text, at)} (${snippetAround(text, at)}): ` +
      `it has no closing ${close}; close it, or put the text in single quotes to send it literally`,
  );
}

/** Index after the quote that closes the one at `at`, or -1. Backslash escapes count in "…" and `…`. */
function skipQuoted(text: string, at: number, quote: string): number {
  let i = at + 1;
  while (i < text.length && text[i] !== quote) i += quote !== "'" && text[i] === '\\' ? 2 : 1;
  return i < text.length ? i + 1 : -1;
}

/** The error for a quote that never closes, naming it and where it opened. */
export function unbalancedQuote(text: string, at: number, quote: string): AppError {
  const closing = quote === "$'" ? "'" : quote;
  const escaped = closing === '`' ? '\\`' : `\\${closing}`;
  return new AppError(
    'VALIDATION',
    `unbalanced quote: the ${quote} at ${describePosition(text, at)} (${snippetAround(text, at)}) is never ` +
      `closed; add the closing ${closing}, or escape a literal one as ${escaped}`,
  );
}

function isNameStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isNameChar(c: string): boolean {
  return isNameStart(c) || (c >= '0' && c <= '9');
}
