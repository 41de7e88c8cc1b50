import { placeholderPattern } from '@client/core';

/** Where a JSON body stops being JSON, as offsets into its text, and what is wrong there. */
export interface JsonProblem {
  from: number;
  to: number;
  message: string;
}

type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /[0-9a-fA-F]{4}/y;
const LITERALS = ['true', 'false', 'null'] as const;

/**
 * The first place `text` is not JSON, or null when it is: the grammar JSON.parse reads, except that a
 * `{{variable}}` stands for a value wherever one may go, because it is replaced before the body is sent
 * (`{"id": {{user_id}}}` is a body, not a mistake). Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findJsonProblem(
  text: string,
  /** Told of each placeholder that stands for a value, by offsets. */
  onPlaceholder?: (from: number, to: number) => void,
): JsonProblem | null {
  const variable = new RegExp(placeholderPattern().source, 'y');
  const open: ('{' | '[')[] = [];
  let expect: Expect = 'value';
  let pos = 0;
  const at = (message: string, from = pos, to = Math.min(from + 1, text.length)): JsonProblem => ({
    from,
    to,
    message,
  });

  for (;;) {
    while (pos < text.length && WHITESPACE.has(text.charAt(pos))) pos++;
    if (pos >= text.length) {
      if (open.length === 0 && expect === 'comma-or-close') return null;
      return at(open.length === 0 && expect === 'value' ? 'No JSON value' : 'The JSON ends too early', pos, pos);
    }
    const char = text.charAt(pos);
    switch (expect) {
      case 'value':
      case 'value-or-close': {
        if (char === ']' && expect === 'value-or-close') {
          open.pop();
          pos++;
          expect = 'comma-or-close';
          break;
        }
        variable.lastIndex = pos;
        if (variable.test(text)) {
          onPlaceholder?.(pos, variable.lastIndex);
          pos = variable.lastIndex;
          expect = 'comma-or-close';
          break;
        }
        if (char === '{' || char === '[') {
          open.push(char);
          pos++;
          expect = char === '{' ? 'key-or-close' : 'value-or-close';
          break;
        }
        const end = scanScalar(text, pos);
        if (typeof end !== 'number') return end;
        pos = end;
        expect = 'comma-or-close';
        break;
      }
      case 'key':
      case 'key-or-close': {
        if (char === '}' && expect === 'key-or-close') {
          open.pop();
          pos++;
          expect = 'comma-or-close';
          break;
        }
        if (char !== '"') return at(`Expected a property name in double quotes, found ${shown(char)}`);
        const end = scanString(text, pos);
        if (typeof end !== 'number') return end;
        pos = end;
        expect = 'colon';
        break;
      }
      case 'colon':
        if (char !== ':') return at(`Expected ':' after the property name, found ${shown(char)}`);
        pos++;
        expect = 'value';
        break;
      case 'comma-or-close': {
        const inside = open.at(-1);
        if (inside === undefined) return at(`Unexpected ${shown(char)} after the JSON value`);
        const close = inside === '{' ? '}' : ']';
        if (char === ',') {
          pos++;
          expect = inside === '{' ? 'key' : 'value';
        } else if (char === close) {
          open.pop();
          pos++;
          expect = 'comma-or-close';
        } else {
          return at(`Expected ',' or '${close}', found ${shown(char)}`);
        }
        break;
      }
    }
  }
}

/** A string, number or literal starting at `pos`: the offset just past it, or what is wrong with it. */
function scanScalar(text: string, pos: number): number | JsonProblem {
  const char = text.charAt(pos);
  if (char === '"') return scanString(text, pos);
  if (char === '-' || (char >= '0' && char <= '9')) {
    NUMBER.lastIndex = pos;
    if (NUMBER.test(text)) return NUMBER.lastIndex;
    return { from: pos, to: pos + 1, message: 'A number needs a digit after its minus sign' };
  }
  for (const literal of LITERALS) {
    if (text.startsWith(literal, pos)) return pos + literal.length;
  }
  return { from: pos, to: pos + 1, message: `Expected a value, found ${shown(char)}` };
}

function scanString(text: string, start: number): number | JsonProblem {
  for (let pos = start + 1; pos < text.length; pos++) {
    const char = text.charAt(pos);
    if (char === '"') return pos + 1;
    if (char === '\\') {
      const escaped = text.charAt(pos + 1);
      if (escaped === 'u') {
        HEX4.lastIndex = pos + 2;
        if (!HEX4.test(text)) return { from: pos, to: pos + 2, message: 'A \\u escape needs four hex digits' };
        pos += 5;
      } else if (ESCAPES.has(escaped)) {
        pos++;
      } else {
        const message =
          escaped === '' ? 'The string is never closed' : `${shown(`\\${escaped}`)} is not an escape JSON knows`;
        return { from: pos, to: Math.min(pos + 2, text.length), message };
      }
    } else if (char < ' ') {
      return { from: pos, to: pos + 1, message: 'A control character in a string must be escaped (\\n, \\t, …)' };
    }
  }
  return { from: start, to: text.length, message: 'The string is never closed' };
}

function shown(char: string): string {
  return char === '\n' ? 'a line break' : `'${char}'`;
}

/** 1-based line and column of an offset, the way an editor counts them. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
