import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-queue.js';

describe('createTurnQueue', () => {
  it('runs tasks in order, one per turn, and lets other work run between two of them', async () => {
    const queue = createTurnQueue();
    const order: string[] = [];
    const tasks = [1, 2, 3].map((n) =>
      queue.run(() => {
        order.push(`task ${n}`);
        // Work that arrives while a task runs (as a request would) is done before the next task.
        setImmediate(() => order.push(`between ${n}`));
        return n;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([1, 2, 3]);
    expect(order.slice(0, 5)).toEqual(['task 1', 'between 1', 'task 2', 'between 2', 'task 3']);
  });

  it('passes a task’s failure to its caller and goes on with the next', async () => {
    const queue = createTurnQueue();
    const failing = queue.run(() => {
      throw new Error('bad command');
    });
    const next = queue.run(() => 'next');
    await expect(failing).rejects.toThrow('bad command');
    expect(await next).toBe('next');
  });
});
