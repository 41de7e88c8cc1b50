/** `ours ÷ baseline` must be at least (`>=`) or at most (`<=`) `ratio`. */
export interface Goal {
  comparison: '>=' | '<=';
  ratio: number;
}

/** One figure a case measured, with the baseline measured beside it in the same run. */
export interface Measurement {
  id: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number };
  /** Absent for figures that are recorded but have no goal yet. */
  goal?: Goal;
  /** How it was measured, or what was reused, in a few words. */
  note?: string;
}

export interface BenchContext {
  /** A progress line on stderr; the table goes to stdout at the end. */
  log(line: string): void;
}

export interface BenchCase {
  /** The ids of the measurements it produces; `npm run bench -- <id>` runs the cases producing one of them. */
  readonly ids: readonly string[];
  run(context: BenchContext): Promise<Measurement[]>;
}
