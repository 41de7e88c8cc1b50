import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('drops the least recently used entry beyond its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('creates a missing value once and keeps it', () => {
    const cache = new LruCache<string, number[]>(2);
    const created: string[] = [];
    const make = (key: string) => () => {
      created.push(key);
      return [key.length];
    };
    const first = cache.getOrCreate('x', make('x'));
    expect(cache.getOrCreate('x', make('x'))).toBe(first);
    cache.getOrCreate('y', make('y'));
    cache.getOrCreate('z', make('z'));
    cache.getOrCreate('x', make('x'));
    expect(created).toEqual(['x', 'y', 'z', 'x']);
  });

  it('keeps what a list ordered by last use keeps, whatever the gets and sets', () => {
    const operation = fc.record({ set: fc.boolean(), key: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(operation, { maxLength: 60 }), (capacity, operations) => {
        const cache = new LruCache<number, number>(capacity);
        let model: { key: number; value: number }[] = [];
        operations.forEach(({ set, key }, value) => {
          const found = model.find((entry) => entry.key === key);
          if (set) {
            cache.set(key, value);
            model = [...model.filter((entry) => entry.key !== key), { key, value }].slice(-capacity);
          } else {
            expect(cache.get(key)).toBe(found?.value);
            if (found) model = [...model.filter((entry) => entry.key !== key), found];
          }
        });
        expect(cache.size).toBe(model.length);
      }),
    );
  });
});
