import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemAt } from './item-at.js';

describe('itemAt', () => {
  it('gives every element inside the bounds, and throws an INTERNAL error outside them', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: -3, max: 40 }), (list, index) => {
        if (index >= 0 && index < list.length) expect(itemAt(list, index)).toBe(list[index]);
        else expect(() => itemAt(list, index)).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
      }),
    );
  });
});
