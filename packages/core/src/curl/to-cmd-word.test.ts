import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCurl } from './parse-curl.js';
import { toCmdWord } from './to-cmd-word.js';

function bodyOf(word: string): string | null {
  // One option per line, ending in ` ^`, as the app's cmd export writes it.
  const parsed = parseCurl(
    `curl ^"https://api.example.com/x^" ^\n  -H ^"Content-Type: text/plain^" ^\n  --data-raw ${word}`,
  );
  return parsed.body?.mode === 'raw' ? parsed.body.text : null;
}

describe('toCmdWord', () => {
  it('leaves a plain value as it is and quotes the rest as browsers write it', () => {
    expect(toCmdWord('https://api.example.com/v1')).toBe('https://api.example.com/v1');
    expect(toCmdWord('a b')).toBe('^"a b^"');
    expect(toCmdWord('{"a":"%PATH%"}')).toBe('^"^{\\^"a\\^":\\^"%^PATH^%\\^"^}^"');
  });

  it('gives curl back exactly the value, for any text, as cmd.exe and the C runtime read it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab \\"%^&|<>!\n\t{}[]()*?;,\'`$é'.split('')), maxLength: 40 }),
        (value) => {
          expect(bodyOf(toCmdWord(value))).toBe(value);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
