import { emptyRunStats, type RunCount, type RunExecution, type RunStats, type RunTimings } from '@client/core';
import type { ScriptOutcome } from './request-scripts.js';

/** Counts of a run as it goes, in newman's terms, and the response times its timings are made of. */
export class RunTally {
  readonly stats: RunStats = emptyRunStats();
  private readonly times: number[] = [];
  readonly started = Date.now();

  /** Counts one request: its answer (or none), its checks, and the scripts that ran around it. */
  add(execution: RunExecution, pre: ScriptOutcome, post: ScriptOutcome): void {
    const { stats } = this;
    stats.requests.total++;
    if (execution.response === undefined) stats.requests.failed++;
    else this.times.push(execution.response.responseTime);
    for (const assertion of execution.assertions) {
      stats.assertions.total++;
      if (assertion.error !== undefined) stats.assertions.failed++;
    }
    count(stats.prerequestScripts, pre);
    count(stats.testScripts, post);
  }

  timings(): RunTimings {
    const { times } = this;
    const mean = times.length === 0 ? 0 : times.reduce((sum, time) => sum + time, 0) / times.length;
    const variance = times.length === 0 ? 0 : times.reduce((sum, time) => sum + (time - mean) ** 2, 0) / times.length;
    return {
      started: this.started,
      completed: Date.now(),
      responseAverage: mean,
      responseMin: times.length === 0 ? 0 : times.reduce((least, time) => Math.min(least, time)),
      responseMax: times.length === 0 ? 0 : times.reduce((most, time) => Math.max(most, time)),
      responseSd: Math.sqrt(variance),
    };
  }
}

function count(into: RunCount, outcome: ScriptOutcome): void {
  into.total += outcome.ran;
  into.failed += outcome.errors.length;
}

/** Whether an execution failed: no answer, a failed check or a script that broke. */
export function executionFailed(execution: RunExecution): boolean {
  return (
    execution.response === undefined ||
    execution.assertions.some((assertion) => assertion.error !== undefined) ||
    (execution.scriptErrors?.length ?? 0) > 0
  );
}
