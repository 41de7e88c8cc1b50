import type { RunEvent, RunExecution, RunItem, RunStats, RunSummary, StoredRun } from '@client/core';

/** A run as the runner view shows it: what has happened so far, then, once it finished, the kept result. */
export interface LiveRun {
  summary: RunSummary;
  /** The requests of one iteration in the order they run; empty until the run said so. */
  items: RunItem[];
  /** In the order they ran. */
  executions: RunExecution[];
  /** Counts of everything so far; null before the first request finished. */
  stats: RunStats | null;
  /** The request being sent now, while one is. */
  sending: { iteration: number; item: RunItem } | null;
  /** Whether the executions are only the first of the run's (a very large run's kept result is cut). */
  cut: boolean;
}

export function liveRunOf(summary: RunSummary): LiveRun {
  return { summary, items: [], executions: [], stats: null, sending: null, cut: false };
}

/** A kept run (or a running one's state so far) as the view shows it. */
export function liveRunFromStored(stored: StoredRun): LiveRun {
  return {
    summary: stored.summary,
    items: [],
    executions: stored.result.executions,
    stats: stored.result.stats,
    sending: null,
    cut: stored.resultCut,
  };
}

/** The run an event is about. */
export function runIdOf(event: RunEvent): string {
  return event.type === 'started' || event.type === 'finished' ? event.summary.id : event.runId;
}

/**
 * The run after one of its events. An execution goes to its place by the count of requests the event's stats give,
 * so an event that arrives after the state it is part of was read (a reopened running run) is not counted twice.
 */
export function applyRunEvent(run: LiveRun, event: RunEvent): LiveRun {
  if (runIdOf(event) !== run.summary.id) return run;
  switch (event.type) {
    case 'started':
      return { ...run, summary: event.summary, items: event.items };
    case 'sending':
      return { ...run, sending: { iteration: event.iteration, item: event.item } };
    case 'executed': {
      const executions = [...run.executions];
      const place = event.stats.requests.total - 1;
      if (place >= 0 && place <= executions.length) executions[place] = event.execution;
      else executions.push(event.execution);
      return { ...run, executions, stats: event.stats, sending: null };
    }
    case 'finished':
      return { ...run, summary: event.summary, sending: null };
  }
}

export type ExecutionVerdict = 'passed' | 'failed';

/** An execution failed when no response came, a check failed, or a script threw. */
export function executionVerdict(execution: RunExecution): ExecutionVerdict {
  const failedCheck = execution.assertions.some((assertion) => assertion.error !== undefined);
  const scriptFailed = (execution.scriptErrors ?? []).length > 0;
  return execution.response === undefined || failedCheck || scriptFailed ? 'failed' : 'passed';
}

/** `3/4`: the checks of one execution that passed, of those made (skipped ones left out). */
export function executionChecks(execution: RunExecution): { passed: number; checked: number } {
  const made = execution.assertions.filter((assertion) => assertion.skipped !== true);
  return { passed: made.filter((assertion) => assertion.error === undefined).length, checked: made.length };
}

/** The requests to run again: each that failed in some iteration, once, in the order they first ran. */
export function failedItemIds(executions: readonly RunExecution[]): string[] {
  const ids: string[] = [];
  for (const execution of executions) {
    if (executionVerdict(execution) === 'failed' && !ids.includes(execution.item.id)) ids.push(execution.item.id);
  }
  return ids;
}

/** How far a running run is: requests done of those it will send (every item, every iteration), 0 to 1. */
export function progressOf(run: LiveRun): number {
  const total = run.items.length * run.summary.iterations;
  if (total === 0) return run.summary.status === 'running' ? 0 : 1;
  return Math.min(1, run.executions.length / total);
}
