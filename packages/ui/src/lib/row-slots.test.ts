import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poolFor, slotKeys } from './row-slots.js';

/** The rows a virtual list draws: a range of `length` from `start`, and perhaps one kept row outside it. */
const drawn = fc
  .record({ start: fc.nat(20_000), length: fc.integer({ min: 1, max: 300 }), kept: fc.option(fc.nat(20_400)) })
  .map(({ start, length, kept }) => {
    const range = Array.from({ length }, (_, offset) => start + offset);
    const indexes = kept === null || range.includes(kept) ? range : [...range, kept].sort((a, b) => a - b);
    return { indexes, kept: kept ?? undefined };
  });

describe('slotKeys', () => {
  it('gives every drawn row a different key', () => {
    fc.assert(
      fc.property(drawn, ({ indexes, kept }) => {
        const keys = slotKeys(indexes, kept, poolFor(indexes.length));
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it('keeps the kept row’s key wherever it is drawn', () => {
    fc.assert(
      fc.property(drawn, drawn, ({ indexes: first }, { indexes: second }) => {
        const kept = 12_345;
        const pool = poolFor(Math.max(first.length, second.length) + 1);
        const keyIn = (indexes: number[]) => {
          const all = [...new Set([...indexes, kept])].sort((a, b) => a - b);
          return slotKeys(all, kept, pool)[all.indexOf(kept)];
        };
        expect(keyIn(first)).toBe(keyIn(second));
      }),
    );
  });

  it('keeps the key of a row that stays drawn while the range scrolls by one', () => {
    const pool = poolFor(40);
    const before = slotKeys([10, 11, 12], undefined, pool);
    const after = slotKeys([11, 12, 13], undefined, pool);
    expect(after.slice(0, 2)).toEqual(before.slice(1));
  });
});

describe('poolFor', () => {
  it('holds one more row than are drawn and never shrinks', () => {
    expect(poolFor(10)).toBe(64);
    expect(poolFor(64)).toBe(128);
    expect(poolFor(10, 256)).toBe(256);
  });
});
