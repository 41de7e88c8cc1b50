/**
 * Counts the steps a scanning loop takes. The parser's loops each add one per iteration, so a test can show
 * that the work grows linearly with the input without timing anything.
 */
export interface WorkMeter {
  steps: number;
}

export function newWorkMeter(): WorkMeter {
  return { steps: 0 };
}
