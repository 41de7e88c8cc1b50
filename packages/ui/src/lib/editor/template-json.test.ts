import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonProblem, lineAndColumn } from './template-json.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Text built from JSON's own characters, so that near-misses (a stray comma, `01`, `-`, `tru`) are common. */
const jsonish = fc.string({
  unit: fc.constantFrom(...'{}[]":,-+.0123456789eE \n\t\rtruefalsnul\\/bx'.split(''), '\\u00e9', '\u0001'),
  maxLength: 40,
});

/** Any UTF-16 code units, lone surrogates and control characters included. */
const anyUtf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) });

/** Valid JSON with one character inserted, deleted or replaced somewhere. */
const nearlyJson = fc
  .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '0', ' ', '\\', 'x'), fc.boolean())
  .map(([text, at, char, replace]) => {
    const index = text.length === 0 ? 0 : at % text.length;
    return text.slice(0, index) + char + text.slice(index + (replace ? 1 : 0));
  });

/** JSON text of `value` in which some of the scalar values (never the keys) are written as `{{placeholders}}`. */
function withPlaceholders(value: unknown, pick: () => boolean): string {
  if (Array.isArray(value)) return `[${value.map((item) => withPlaceholders(item, pick)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}: ${withPlaceholders(item, pick)}`,
    );
    return `{${entries.join(',\n')}}`;
  }
  return pick() ? '{{ some.var_1 }}' : JSON.stringify(value);
}

describe('findJsonProblem', () => {
  it('agrees with JSON.parse on every input without a placeholder', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), nearlyJson, jsonish, anyUtf16), (text) => {
        fc.pre(!text.includes('{{'));
        expect(findJsonProblem(text) === null).toBe(parses(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws, and points inside the text, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(anyUtf16, jsonish, nearlyJson), (text) => {
        const problem = findJsonProblem(text);
        return (
          problem === null ||
          (problem.from >= 0 && problem.from <= problem.to && problem.to <= text.length && problem.message !== '')
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('takes a placeholder for any value, wherever a value may go', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.infiniteStream(fc.boolean()), (value, picks) => {
        const pick = picks[Symbol.iterator]();
        expect(findJsonProblem(withPlaceholders(value, () => pick.next().value === true))).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts the bodies people write with variables', () => {
    expect(findJsonProblem('{"id": {{user_id}}}')).toBeNull();
    expect(findJsonProblem('[{{a}}, {{ b }}, "{{c}}", {"d": {{d.e-f$}}}]')).toBeNull();
    expect(findJsonProblem('{{whole_body}}')).toBeNull();
  });

  it('still finds a real mistake next to a variable, at its exact place', () => {
    expect(findJsonProblem('{"id": {{user_id}},}')).toEqual({
      from: 19,
      to: 20,
      message: "Expected a property name in double quotes, found '}'",
    });
    expect(findJsonProblem('{"id": {{user_id}} "x": 1}')).toEqual({
      from: 19,
      to: 20,
      message: "Expected ',' or '}', found '\"'",
    });
    // A placeholder is a value, not a key, and half a placeholder is no placeholder.
    expect(findJsonProblem('{ {{key}}: 1 }')?.from).toBe(2);
    expect(findJsonProblem('{"a": {{b}}')?.message).toBe('The JSON ends too early');
    expect(findJsonProblem('{"a": {{ }}}')?.from).toBe(7);
  });

  it('says what is wrong in words a person can act on', () => {
    expect(findJsonProblem('')?.message).toBe('No JSON value');
    expect(findJsonProblem('{"a": 1} x')?.message).toBe("Unexpected 'x' after the JSON value");
    expect(findJsonProblem('{"a" 1}')?.message).toBe("Expected ':' after the property name, found '1'");
    expect(findJsonProblem('["a\nb"]')?.message).toMatch(/control character/);
    expect(findJsonProblem('["\\q"]')?.message).toBe("'\\q' is not an escape JSON knows");
    expect(findJsonProblem('["\\u12"]')?.message).toBe('A \\u escape needs four hex digits');
    expect(findJsonProblem('["abc')).toEqual({ from: 1, to: 5, message: 'The string is never closed' });
    expect(findJsonProblem('[-]')?.message).toBe('A number needs a digit after its minus sign');
    expect(findJsonProblem('[nul]')?.message).toBe("Expected a value, found 'n'");
  });

  it('reads a body nested far deeper than a recursive parser could', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(findJsonProblem(deep)).toBeNull();
    expect(findJsonProblem(deep.slice(1))?.from).toBe(399_998);
  });
});

describe('lineAndColumn', () => {
  it('counts from 1, as an editor shows them', () => {
    expect(lineAndColumn('{\n  "a": }', 9)).toEqual({ line: 2, column: 8 });
    expect(lineAndColumn('x', 0)).toEqual({ line: 1, column: 1 });
  });
});
