import { parseCurl } from '@client/core';
import { parse as curlconverterParse } from 'curlconverter/dist/src/parse.js';
import { publicCorpus } from '../fixtures/corpus.js';
import type { BenchCase } from '../runner/bench-case.js';
import { bestOfAlternating } from '../runner/rounds.js';

const WARMUP_MS = 500;
const MEASURE_MS = 2_000;
const ROUNDS = 3;

type Parse = (command: string) => unknown;

/** A parser's call alone: a refused command (both refuse the public error cases) still counts as one parse. */
function refusalsCounted(parse: Parse): Parse {
  return (command) => {
    try {
      return parse(command);
    } catch (error) {
      return error;
    }
  };
}

/** Commands parsed per second, cycling through `commands` for `ms` milliseconds. */
function opsPerSecond(parse: Parse, commands: readonly string[], ms: number): number {
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (const command of commands) parse(command);
    ops += commands.length;
    elapsed = performance.now() - start;
  }
  return ops / (elapsed / 1000);
}

/**
 * parseCurl against curlconverter's parse step on every public corpus case (the refused ones included), in
 * this process: both are plain function calls, timed alike, after a warm-up that lets the JIT settle.
 */
export const parseSpeed: BenchCase = {
  ids: ['parse-speed'],
  async run(context) {
    const commands = publicCorpus().map((testCase) => testCase.command);
    const ours = refusalsCounted(parseCurl);
    const curlconverter = refusalsCounted(curlconverterParse);
    const measure = (parse: Parse, name: string) => async () => {
      const ops = opsPerSecond(parse, commands, MEASURE_MS);
      context.log(`  ${name}: ${Math.round(ops)} ops/s`);
      return ops;
    };
    opsPerSecond(curlconverter, commands, WARMUP_MS);
    opsPerSecond(ours, commands, WARMUP_MS);
    const best = await bestOfAlternating(
      'higher',
      measure(curlconverter, 'curlconverter'),
      measure(ours, 'parseCurl'),
      ROUNDS,
    );
    return [
      {
        id: 'parse-speed',
        value: best.ours,
        unit: 'ops/s',
        baseline: { name: 'curlconverter (its parse step)', value: best.baseline },
        goal: { comparison: '>=', ratio: 5 },
        note: `${commands.length} public corpus commands, best of ${ROUNDS} alternating ${MEASURE_MS / 1000} s runs`,
      },
    ];
  },
};
