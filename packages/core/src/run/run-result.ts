/**
 * What a run found, in newman's vocabulary (its run summary's `stats`, `timings` and `executions`), so the
 * reports CI tools read can be written from it as newman writes them.
 */

/** A request of the run, as results name it. */
export interface RunItem {
  /** The endpoint's id. */
  id: string;
  name: string;
  /** Names of the folders it is in, from the project root down; empty at the root. */
  path: string[];
}

/** One check: an assertion row (named by its text, `status eq 200`) or a script's `pm.test`/`test`. */
export interface RunAssertion {
  assertion: string;
  /** A `pm.test.skip` or a switched-off check: counted, never failed. */
  skipped?: boolean;
  /** Absent when it passed. `name` as newman gives it: `AssertionError` for a failed check. */
  error?: { name: string; message: string };
}

/** A script that threw, or was stopped (time or memory limit), instead of finishing. */
export interface RunScriptError {
  /** Postman's names: `prerequest` before the request, `test` after the response. */
  phase: 'prerequest' | 'test';
  /** Whose script it was. */
  level: 'project' | 'folder' | 'endpoint';
  message: string;
}

/** One request of one iteration, with what came back and every check made on it. */
export interface RunExecution {
  /** Counted from 0, as newman's `cursor.iteration`. */
  iteration: number;
  item: RunItem;
  /** As sent; the URL with secrets masked. */
  request: { method: string; url: string };
  /** Absent when no response came (see `error`). */
  response?: {
    code: number;
    status: string;
    /** Milliseconds from sending to the whole response. */
    responseTime: number;
    /** Bytes of the body as it arrived. */
    size: number;
  };
  assertions: RunAssertion[];
  /** Why no response came: refused, timed out, unreachable, a URL that could not be built. */
  error?: { message: string };
  scriptErrors?: RunScriptError[];
}

export interface RunCount {
  total: number;
  failed: number;
}

export interface RunStats {
  iterations: RunCount;
  /** A request failed when no response came. */
  requests: RunCount;
  assertions: RunCount;
  testScripts: RunCount;
  prerequestScripts: RunCount;
}

/** Milliseconds; `started` and `completed` since 1970, as newman's. */
export interface RunTimings {
  started: number;
  completed: number;
  responseAverage: number;
  responseMin: number;
  responseMax: number;
  /** Standard deviation of the response times. */
  responseSd: number;
}

export interface RunResult {
  stats: RunStats;
  timings: RunTimings;
  /** In the order they ran. */
  executions: RunExecution[];
}

const zero = (): RunCount => ({ total: 0, failed: 0 });

export function emptyRunStats(): RunStats {
  return { iterations: zero(), requests: zero(), assertions: zero(), testScripts: zero(), prerequestScripts: zero() };
}

/** Whether a run with these stats passed: every request answered, every check and script passed (newman's exit 0). */
export function runPassed(stats: RunStats): boolean {
  return Object.values(stats).every((count: RunCount) => count.failed === 0);
}
