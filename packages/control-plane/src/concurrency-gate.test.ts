import { describe, expect, it } from 'vitest';
import { createConcurrencyGate } from './concurrency-gate.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyGate', () => {
  it('lets `limit` holders in and queues the rest in arrival order', async () => {
    const gate = createConcurrencyGate(2);
    const order: string[] = [];
    const first = await gate.acquire();
    const second = await gate.acquire();
    void gate.acquire().then((release) => order.push('third') && release);
    void gate.acquire().then((release) => order.push('fourth') && release);
    await settle();
    expect([gate.active, gate.waiting, order]).toEqual([2, 2, []]);
    first();
    await settle();
    expect([gate.active, gate.waiting, order]).toEqual([2, 1, ['third']]);
    second();
    await settle();
    expect([gate.active, gate.waiting, order]).toEqual([2, 0, ['third', 'fourth']]);
  });

  it('ignores a second release of the same slot', async () => {
    const gate = createConcurrencyGate(1);
    const release = await gate.acquire();
    release();
    release();
    expect(gate.active).toBe(0);
    await gate.acquire();
    expect(gate.active).toBe(1);
  });

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyGate(0)).toThrow(RangeError);
  });
});
