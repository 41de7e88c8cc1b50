import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignSeqs } from './seq-order.js';

describe('seq numbers', () => {
  it('numbers new items by gaps of 1000', () => {
    expect(assignSeqs([undefined, undefined, undefined])).toEqual([1000, 2000, 3000]);
  });

  it('keeps every seq of an unchanged order', () => {
    expect(assignSeqs([5, 1000, 1001, 7000])).toEqual([5, 1000, 1001, 7000]);
  });

  it('renumbers only the item that moved', () => {
    expect(assignSeqs([1000, 3000, 2000, 4000])).toEqual([1000, 1500, 2000, 4000]);
    expect(assignSeqs([4000, 1000, 2000, 3000])).toEqual([500, 1000, 2000, 3000]);
  });

  it('places new items between their neighbours and after the last', () => {
    expect(assignSeqs([1000, undefined, 2000, undefined])).toEqual([1000, 1500, 2000, 3000]);
  });

  it('renumbers all only when a gap has no room left', () => {
    expect(assignSeqs([1, undefined, 2])).toEqual([1000, 2000, 3000]);
  });

  it('always gives strictly increasing numbers, and changes at most one when one item moves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), fc.nat(), (count, from, to) => {
        const seqs = assignSeqs(Array.from({ length: count }, () => undefined));
        const order = seqs.map((seq) => seq as number | undefined);
        const [moved] = order.splice(from % count, 1);
        order.splice(to % count, 0, moved);
        const next = assignSeqs(order);
        for (let index = 1; index < next.length; index++)
          expect(next[index]).toBeGreaterThan(next[index - 1] as number);
        expect(next.filter((seq, index) => seq !== order[index]).length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
