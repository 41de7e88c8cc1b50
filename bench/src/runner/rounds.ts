/** Seconds of load per measured run, after a warm-up whose answers are discarded. */
export const MEASURE_SECONDS = 4;
export const WARMUP_SECONDS = 2;
/** Baseline and ours are measured in turns, this many times each, so both see the same neighbours. */
const ROUNDS = 3;

export interface Paired {
  ours: number;
  baseline: number;
}

/**
 * Measures baseline and ours in alternation and keeps each side's best sample. On a shared machine other
 * work only ever slows a run down, so the best of a few runs is the figure least distorted by it.
 */
export async function bestOfAlternating(
  better: 'higher' | 'lower',
  measureBaseline: () => Promise<number>,
  measureOurs: () => Promise<number>,
  rounds = ROUNDS,
): Promise<Paired> {
  const pick = better === 'higher' ? Math.max : Math.min;
  const baseline: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < rounds; round++) {
    baseline.push(await measureBaseline());
    ours.push(await measureOurs());
  }
  return { ours: pick(...ours), baseline: pick(...baseline) };
}

/** The best of `rounds` runs of `measure`, for a figure measured on its own beside an alternating pair. */
export async function bestOf(
  better: 'higher' | 'lower',
  measure: () => Promise<number>,
  rounds = ROUNDS,
): Promise<number> {
  const values: number[] = [];
  for (let round = 0; round < rounds; round++) values.push(await measure());
  return better === 'higher' ? Math.max(...values) : Math.min(...values);
}

/** The median of samples (the mean of the middle two for an even count). */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}
