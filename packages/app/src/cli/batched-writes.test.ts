import { describe, expect, it } from 'vitest';
import { batchedWrites } from './batched-writes.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedWrites', () => {
  it('writes what one turn of the event loop wrote as one text, once the turn is over', async () => {
    const written: string[] = [];
    const batch = batchedWrites((text) => written.push(text));
    batch.write('a\n');
    batch.write('b\n');
    expect(written).toEqual([]);
    await nextTurn();
    expect(written).toEqual(['a\nb\n']);
    batch.write('c\n');
    await nextTurn();
    expect(written).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes what is pending at once on flush, and nothing twice', async () => {
    const written: string[] = [];
    const batch = batchedWrites((text) => written.push(text));
    batch.write('a\n');
    batch.flush();
    batch.flush();
    await nextTurn();
    expect(written).toEqual(['a\n']);
  });
});
