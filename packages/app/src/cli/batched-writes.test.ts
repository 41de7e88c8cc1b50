import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchedWrites } from './batched-writes.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batchedWrites', () => {
  it('writes what came within 25 ms as one text, and later writes as another', () => {
    const written: string[] = [];
    const batch = batchedWrites((text) => written.push(text));
    batch.write('a\n');
    vi.advanceTimersByTime(24);
    batch.write('b\n');
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['a\nb\n']);
    batch.write('c\n');
    vi.advanceTimersByTime(25);
    expect(written).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes a large burst at once, without waiting', () => {
    const written: string[] = [];
    const batch = batchedWrites((text) => written.push(text));
    const line = `${'x'.repeat(1023)}\n`;
    for (let count = 0; count < 64; count++) batch.write(line);
    expect(written).toEqual([line.repeat(64)]);
    vi.advanceTimersByTime(25);
    expect(written).toHaveLength(1);
  });

  it('writes what is pending at once on flush, and nothing twice', () => {
    const written: string[] = [];
    const batch = batchedWrites((text) => written.push(text));
    batch.write('a\n');
    batch.flush();
    batch.flush();
    expect(written).toEqual(['a\n']);
    vi.advanceTimersByTime(25);
    expect(written).toEqual(['a\n']);
  });
});
