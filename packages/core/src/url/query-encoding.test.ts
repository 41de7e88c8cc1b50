import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQueryText } from './query-encoding.js';

describe('encodeQueryText', () => {
  it.each([
    ['a&b=c', 'a%26b%3Dc'],
    ['x y+z#frag', 'x%20y%2Bz%23frag'],
    ['é', '%C3%A9'],
    ['already%20encoded', 'already%20encoded'],
    ['100%', '100%25'],
    ['/path?:@!$', '/path?:@!$'],
  ])('%j stands as %j', (value, encoded) => {
    expect(encodeQueryText(value)).toBe(encoded);
  });

  it('never lets a value split a parameter: a server reads back exactly the value', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }).filter((value) => !/%[0-9A-Fa-f]{2}/.test(value)),
        (value) => {
          const params = new URLSearchParams(`q=${encodeQueryText(value)}&after=1`);
          expect(params.get('q')).toBe(value);
          expect(params.get('after')).toBe('1');
        },
      ),
    );
  });
});
