import { once } from 'node:events';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { keepYoungGenerationSmall, setReadyFlags, setStartFlags } from './v8-flags.js';

// V8's flags are the process's; each test file runs in a process of its own, so these change nothing elsewhere.
setFlagsFromString('--allow-natives-syntax');
const optimizationStatus = new Function('f', 'return %GetOptimizationStatus(f);') as (f: unknown) => number;
/** `%GetOptimizationStatus`'s bit for code made by the optimizing compiler. */
const TURBOFANNED = 1 << 6;

/** A function of its own (so no earlier run has optimized it), called often enough to get hot. */
function hotFunction(): (x: number) => number {
  const f = new Function('x', 'return (x * 31 + 7) % 1013;') as (x: number) => number;
  let sum = 0;
  for (let i = 0; i < 2_000_000; i++) sum += f(i);
  expect(sum).toBeGreaterThan(0);
  return f;
}

/** Allocates a stream of objects, a tenth of which live long enough to survive a scavenge. */
function churn(): void {
  const kept: object[] = [];
  for (let i = 0; i < 3_000_000; i++) {
    const value = { i, text: `item ${i}` };
    if (i % 10 === 0) kept.push(value);
    if (kept.length > 50_000) kept.length = 0;
  }
}

function newSpaceBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

describe("the app's V8 flags", () => {
  it('keeps hot code unoptimized until the compiler is released, and optimizes it after', () => {
    setStartFlags();
    expect(optimizationStatus(hotFunction()) & TURBOFANNED).toBe(0);
    setReadyFlags();
    expect(optimizationStatus(hotFunction()) & TURBOFANNED).toBe(TURBOFANNED);
  });

  it('keeps the young generation at its size under a stream of objects that survive a scavenge', () => {
    keepYoungGenerationSmall();
    const before = newSpaceBytes();
    churn();
    expect(newSpaceBytes()).toBeLessThanOrEqual(before);
  });

  it('keeps it so after a worker thread has started, which sets up a heap of its own', async () => {
    keepYoungGenerationSmall();
    const before = newSpaceBytes();
    const worker = new Worker('setTimeout(() => {}, 60_000);', { eval: true });
    await once(worker, 'online');
    try {
      churn();
      expect(newSpaceBytes()).toBeLessThanOrEqual(before);
    } finally {
      await worker.terminate();
    }
  });
});
