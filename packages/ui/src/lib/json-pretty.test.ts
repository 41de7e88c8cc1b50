import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prettyJson } from './json-pretty.js';

describe('prettyJson', () => {
  it('indents as JSON.stringify(…, null, 2) does, for any JSON value however it was spaced', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('', ' ', '\n\t '), (value, gap) => {
        const compact = JSON.stringify(value);
        const spaced = JSON.stringify(value, null, gap);
        expect(prettyJson(compact)).toBe(JSON.stringify(value, null, 2));
        expect(prettyJson(spaced)).toBe(JSON.stringify(value, null, 2));
      }),
    );
  });

  it('keeps every token as the server wrote it: big numbers, escapes, empty containers', () => {
    expect(prettyJson('{"id":12345678901234567890123,"s":"a\\"b\\\\","e":[],"o":{ },"u":"\\u00e9"}')).toBe(
      '{\n  "id": 12345678901234567890123,\n  "s": "a\\"b\\\\",\n  "e": [],\n  "o": {},\n  "u": "\\u00e9"\n}',
    );
  });
});
