import {
  AGENT_RUN_MAX_FAILURES,
  AGENT_RUN_MESSAGE_CHARACTERS,
  type AgentRunAnswer,
  type AgentRunFailure,
  type RunExecution,
  type StoredRun,
} from '@client/core';

const PHASES = { prerequest: 'pre-request', test: 'post-response' } as const;

/** Cut after scrubbing, so a cut never leaves part of a secret behind. */
function cut(text: string): string {
  return text.length <= AGENT_RUN_MESSAGE_CHARACTERS ? text : `${text.slice(0, AGENT_RUN_MESSAGE_CHARACTERS)}…`;
}

/** What went wrong in one request of the run, before scrubbing: no response, failed checks, scripts that threw. */
function failuresOf(execution: RunExecution): { assertion: string | null; message: string }[] {
  const failures: { assertion: string | null; message: string }[] = [];
  if (execution.error !== undefined) failures.push({ assertion: null, message: execution.error.message });
  for (const check of execution.assertions) {
    if (check.error !== undefined && check.skipped !== true) {
      failures.push({ assertion: check.assertion, message: check.error.message });
    }
  }
  for (const script of execution.scriptErrors ?? []) {
    failures.push({
      assertion: null,
      message: `the ${script.level}'s ${PHASES[script.phase]} script: ${script.message}`,
    });
  }
  return failures;
}

/**
 * What an agent is told of a run (finished, or so far): its counts and each failure with its message, every text
 * scrubbed of the run's secrets and credentials, the list and each message cut to a size.
 */
export function agentRunAnswer(run: StoredRun, scrub: (text: string) => string, notes: string[] = []): AgentRunAnswer {
  const { summary, result } = run;
  const failures: AgentRunFailure[] = [];
  let found = 0;
  for (const execution of result.executions) {
    for (const failure of failuresOf(execution)) {
      found++;
      if (failures.length === AGENT_RUN_MAX_FAILURES) continue;
      failures.push({
        iteration: execution.iteration,
        endpointId: execution.item.id,
        request: cut(scrub([...execution.item.path, execution.item.name].join(' / '))),
        assertion: failure.assertion === null ? null : cut(scrub(failure.assertion)),
        message: cut(scrub(failure.message)),
      });
    }
  }
  const told = [...notes];
  if (found > failures.length) {
    told.push(
      `Only the first ${failures.length} of ${found} failures are listed; the person sees all of them in the app.`,
    );
  }
  if (run.resultCut) {
    told.push('The run was too large to keep whole: failures after the first requests kept are not listed.');
  }
  return {
    runId: summary.id,
    projectId: summary.projectId ?? '',
    folderId: summary.folderId,
    environmentId: summary.environmentId,
    name: scrub(summary.name),
    status: summary.status,
    startedAt: summary.startedAt,
    finishedAt: summary.finishedAt,
    iterations: summary.iterations,
    requests: summary.requests,
    assertions: summary.assertions,
    failures,
    failuresOmitted: found - failures.length,
    ...(summary.error === undefined ? {} : { error: cut(scrub(summary.error)) }),
    notes: told,
  };
}
