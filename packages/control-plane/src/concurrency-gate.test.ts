import { describe, expect, it } from 'vitest';
import { createConcurrencyGate } from './concurrency-gate.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyGate', () => {
  it('lets `limit` holders in and queues the rest in arrival order', async () => {
    const gate = createConcurrencyGate(2);
    const order: string[] = [];
    const first = gate.enter();
    const second = gate.enter();
    void gate.enter().granted.then(() => order.push('third'));
    void gate.enter().granted.then(() => order.push('fourth'));
    await settle();
    expect([await first.granted, await second.granted]).toEqual([true, true]);
    expect([gate.active, gate.waiting, order]).toEqual([2, 2, []]);
    first.leave();
    await settle();
    expect([gate.active, gate.waiting, order]).toEqual([2, 1, ['third']]);
    second.leave();
    await settle();
    expect([gate.active, gate.waiting, order]).toEqual([2, 0, ['third', 'fourth']]);
  });

  it('drops a waiter that leaves before its turn, so its slot goes to the next one', async () => {
    const gate = createConcurrencyGate(1);
    const holder = gate.enter();
    const gone = gate.enter();
    const next = gate.enter();
    gone.leave();
    expect(await gone.granted).toBe(false);
    expect(gate.waiting).toBe(1);
    holder.leave();
    expect(await next.granted).toBe(true);
    expect([gate.active, gate.waiting]).toEqual([1, 0]);
  });

  it('ignores a second leave of the same ticket', () => {
    const gate = createConcurrencyGate(1);
    const ticket = gate.enter();
    ticket.leave();
    ticket.leave();
    expect(gate.active).toBe(0);
    gate.enter();
    expect(gate.active).toBe(1);
  });

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyGate(0)).toThrow(RangeError);
  });
});
