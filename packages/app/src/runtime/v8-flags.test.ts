import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What the flags are for, measured in processes of their own (V8's flags belong to a process): the memory a start
 * and a stream of requests leave the app holding. Each process runs this module's code as it is, with a scenario.
 */
const flagsModule = transformSync(readFileSync(new URL('./v8-flags.ts', import.meta.url), 'utf8'), {
  loader: 'ts',
  format: 'esm',
}).code;

/** Runs `scenario` after the flags module in a new Node process; what it prints last, as JSON. */
function measure(scenario: string, args: string[] = []): Record<string, number> {
  const printed = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `${flagsModule}\n${scenario}`, ...args],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(printed.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
}

/** A function of its own, run often enough to get hot (an optimizing compiler compiles it). */
const HOT = `const hot = () => {
  const f = new Function('x', 'return (x * 31 + 7) % 1013;');
  let sum = 0;
  for (let i = 0; i < 2_000_000; i++) sum += f(i);
  return sum;
};`;

/**
 * KiB of Node's own machine code (its executable, or libnode where Node links one) resident in this process: it
 * grows as code of V8's that had not run is first run, such as its optimizing compiler.
 */
const NODE_CODE_RESIDENT = `const nodeCodeResident = async () => {
  const { readFileSync, realpathSync } = await import('node:fs');
  const node = realpathSync(process.execPath);
  let kib = 0;
  let ours = false;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \\S+ \\S+ \\S+ \\S+\\s*(.*)$/.exec(line);
    if (mapping !== null) ours = mapping[1] === node || /\\/libnode\\.so/.test(mapping[1]);
    const resident = /^Rss:\\s+(\\d+) kB/.exec(line);
    if (resident !== null && ours) kib += Number(resident[1]);
  }
  return kib;
};`;

/** Allocates a stream of objects, a tenth of which live long enough to survive a scavenge, as requests do. */
const CHURN = `const churn = () => {
  const kept = [];
  for (let i = 0; i < 3_000_000; i++) {
    const value = { i, text: 'item ' + i };
    if (i % 10 === 0) kept.push(value);
    if (kept.length > 50_000) kept.length = 0;
  }
};`;

/**
 * KiB of young generation the main thread holds after the churn: with it kept small, or not; a worker thread running.
 * The young generation is what the flag sizes, and its size is set by V8's sizing rule alone; the heap's total
 * would also count the old generation, whose growth depends on when concurrent marking happens to finish.
 */
const youngGeneration = (small: boolean, worker: boolean) =>
  measure(
    `${CHURN}
    const [small, worker] = process.argv.slice(1);
    if (small === 'small') keepYoungGenerationSmall();
    if (worker === 'worker') {
      const { Worker } = await import('node:worker_threads');
      const { once } = await import('node:events');
      const thread = new Worker('setTimeout(() => {}, 60_000);', { eval: true });
      await once(thread, 'online');
      thread.unref();
    }
    churn();
    const { getHeapSpaceStatistics } = await import('node:v8');
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    console.log(JSON.stringify({ kib: (young?.space_size ?? Number.NaN) / 1024 }));`,
    [small ? 'small' : 'as-is', worker ? 'worker' : 'alone'],
  ).kib ?? Number.NaN;

describe("the app's V8 flags", () => {
  it('keep the optimizing compiler out of memory while the app starts, and let it in once it is ready', () => {
    const grown = measure(`${HOT}\n${NODE_CODE_RESIDENT}
      setStartFlags();
      const before = await nodeCodeResident();
      hot();
      const started = await nodeCodeResident();
      setReadyFlags();
      hot();
      console.log(JSON.stringify({ starting: started - before, ready: (await nodeCodeResident()) - started }));`);
    // The compiler is megabytes of code: none of it while starting, all of it once hot code meets it.
    expect(grown.starting).toBeLessThan(1024);
    expect(grown.ready).toBeGreaterThan(2048);
  });

  it('keep the young generation small under a stream of objects that survive a scavenge, a worker thread running or not', () => {
    for (const worker of [false, true]) {
      const kept = youngGeneration(true, worker);
      const grown = youngGeneration(false, worker);
      // Unflagged, V8 grows it to 16 MiB a semi-space; kept small, it stays at its first size or one step above.
      expect(kept).toBeLessThanOrEqual(4096);
      expect(grown).toBeGreaterThanOrEqual(8 * kept);
    }
  });
});
