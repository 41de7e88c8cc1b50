import type { HostOperations } from './host-operations.js';
import type { GuestError, SandboxEngine } from './sandbox-engine.js';
import { type GuestOutcome, readGuestOutcome } from './script-result.js';
import type { ScriptRequest } from './script-types.js';

/** finish() prints a script's values (a legacy test's value, say), so it runs under a short deadline of its own. */
const FINISH_GRACE_MS = 250;

export interface EngineRun {
  /** The guest's summary, when it could still give one. */
  outcome?: GuestOutcome;
  /** An error that escaped the guest (an interrupt, memory, a prelude the script broke). */
  failure?: GuestError;
  /** The deadline passed, in the script's own code or while it waited. */
  timedOut: boolean;
  /** sendRequest calls still without an answer when the script ended. */
  unansweredSends: number;
}

export interface ScriptParts {
  payload: string;
  source: string;
  body: string;
  request: ScriptRequest;
}

/**
 * Runs one script in `engine`: its body, then the promise jobs it queued, then each completion of what it waits
 * for on the host (and the jobs that follow), until nothing is left or `deadline` passes. Host exceptions (the
 * engine broke) propagate; `ops` is closed either way.
 */
export async function runInEngine(
  engine: SandboxEngine,
  ops: HostOperations,
  parts: ScriptParts,
  deadline: number,
): Promise<EngineRun> {
  engine.host = ops;
  engine.setDeadline(deadline);
  try {
    let waitedOut = false;
    const started = engine.start(parts.payload, parts.source, parts.body);
    let failure = started.ok ? engine.runJobs() : started.error;
    while (failure === undefined && ops.outstanding > 0) {
      const completion = await ops.next(deadline);
      if (completion === undefined) {
        waitedOut = true;
        break;
      }
      const delivered = engine.deliver(completion.id, completion.ok, completion.json, completion.body);
      failure = delivered.ok ? engine.runJobs() : delivered.error;
    }
    const run: EngineRun = { timedOut: waitedOut || engine.interrupted, unansweredSends: ops.sending };
    if (failure !== undefined) run.failure = failure;
    ops.close();
    engine.setDeadline(Date.now() + FINISH_GRACE_MS);
    const finished = engine.finish();
    if (finished.ok && finished.value !== undefined) {
      try {
        run.outcome = readGuestOutcome(finished.value, parts.request);
      } catch (error) {
        run.failure ??= { name: 'Error', message: (error as Error).message };
      }
    } else if (!finished.ok) run.failure ??= finished.error;
    return run;
  } finally {
    ops.close();
    engine.host = undefined;
    engine.setDeadline(Number.POSITIVE_INFINITY);
  }
}
