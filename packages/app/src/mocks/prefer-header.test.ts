import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPreferences } from './prefer-header.js';

describe('readPreferences', () => {
  it.each([
    [undefined, { dynamic: false }],
    ['code=404', { code: 404, dynamic: false }],
    ['code=404, example=not found', { code: 404, example: 'not found', dynamic: false }],
    ['example="a, b; c"', { example: 'a, b; c', dynamic: false }],
    ['Dynamic=TRUE; q=1', { dynamic: true }],
    [['code=201', 'dynamic=true'], { code: 201, dynamic: true }],
    ['code=999, code=abc, example=, respond-async, wait=5', { dynamic: false }],
  ])('reads %j as %j', (header, expected) => {
    expect(readPreferences(header)).toEqual(expected);
  });

  it('reads any header without throwing, and only ever keeps a status from 100 to 599', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.string())), (header) => {
        const { code } = readPreferences(header);
        if (code !== undefined) expect(code >= 100 && code <= 599).toBe(true);
      }),
    );
  });
});
