import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubHeaders } from './scrub-headers.js';
import { scrubberOf } from './secret-forms.js';

const SECRET = 'HdrSecretValue0042';
const scrub = scrubberOf([SECRET]);

describe('scrubHeaders', () => {
  it('masks a secret in a header name, in either case', () => {
    expect(scrubHeaders([{ key: `x-echo-${SECRET.toLowerCase()}`, value: 'seen' }], scrub)).toEqual([
      { key: 'x-echo-••••', value: 'seen' },
    ]);
  });

  it('masks both parts of a secret split between two values, or between a name and its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: SECRET.length - 1 }), (cut) => {
        const [first, second] = [SECRET.slice(0, cut), SECRET.slice(cut)];
        const values = scrubHeaders(
          [
            { key: 'accept', value: 'text/plain' },
            { key: 'x-part', value: first },
            { key: 'x-part', value: second },
          ],
          scrub,
        );
        expect(values).toEqual([
          { key: 'accept', value: 'text/plain' },
          { key: 'x-part', value: '••••' },
          { key: 'x-part', value: '••••' },
        ]);
        expect(scrubHeaders([{ key: `x-${first}`, value: second }], scrub)).toEqual([{ key: '••••', value: '••••' }]);
      }),
    );
  });

  it('keeps headers that hold no secret as they were', () => {
    const headers = [
      { key: 'content-type', value: 'application/json' },
      { key: 'x-part', value: 'HdrSecret' },
      { key: 'x-other', value: 'unrelated' },
    ];
    expect(scrubHeaders(headers, scrub)).toEqual(headers);
  });
});
