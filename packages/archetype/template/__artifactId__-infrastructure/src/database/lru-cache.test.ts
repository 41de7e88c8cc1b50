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
});
