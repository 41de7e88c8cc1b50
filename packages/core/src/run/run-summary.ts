import type { RunCount, RunExecution, RunItem, RunResult, RunStats } from './run-result.js';

export const RUN_STATUSES = ['running', 'passed', 'failed', 'cancelled', 'error'] as const;
/**
 * `passed`: every request answered and every check passed; `failed`: some did not; `cancelled`: stopped by the
 * person or an agent before the end; `error`: the run itself could not go on (its project deleted, a data file
 * that could not be read). `running` only while it runs.
 */
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RUN_SOURCES = ['person', 'agent', 'cli'] as const;
/** Who started the run: the person in the window, an agent (`run_tests`), or `client run`. */
export type RunSource = (typeof RUN_SOURCES)[number];

/** What the list of runs shows of each one, and what an agent is answered. */
export interface RunSummary {
  id: string;
  /** Null for `client run` of a collection file, which belongs to no project (and is never kept). */
  projectId: string | null;
  /** The folder run; null for the whole project. */
  folderId: string | null;
  environmentId: string | null;
  /** What ran, as a person reads it: the project's name, or the folder's path. */
  name: string;
  source: RunSource;
  status: RunStatus;
  /** ISO-8601 UTC times; `finishedAt` is null while it runs. */
  startedAt: string;
  finishedAt: string | null;
  iterations: number;
  requests: RunCount;
  assertions: RunCount;
  /** Why the run stopped with `error`; absent otherwise. */
  error?: string;
}

/** A kept run: its summary and its result, cut to a size when it was too large to keep whole. */
export interface StoredRun {
  summary: RunSummary;
  result: RunResult;
  /** True when `result.executions` holds only the first executions of the run (the stats count them all). */
  resultCut: boolean;
}

/** What a run reports as it goes, for the window's live progress and an agent's job. */
export type RunEvent =
  | {
      type: 'started';
      summary: RunSummary;
      /** The requests of one iteration, in the order they run. */
      items: RunItem[];
    }
  /** A request is about to be sent. */
  | { type: 'sending'; runId: string; iteration: number; item: RunItem }
  /** A request has its response checked (or failed); `stats` count everything so far. */
  | { type: 'executed'; runId: string; execution: RunExecution; stats: RunStats }
  /** The whole result is the kept run's (or the job's), read once it has finished. */
  | { type: 'finished'; summary: RunSummary };
