import type { RunExecution, RunResult } from '@client/core';

/** What a report is written from: the run's result and what it ran. */
export interface ReportSource {
  /** The project (or collection file) run: its id and name, newman's `collection.info`. */
  collection: { id: string; name: string };
  /** The environment the run resolved variables in; null for none. */
  environment: { id: string; name: string } | null;
  result: RunResult;
}

/** A request's name with the folders it is in, as newman names it: `Folder / Sub / Request`. */
export const fullName = (execution: RunExecution): string => [...execution.item.path, execution.item.name].join(' / ');

/** The executions with their place in their iteration (newman's `cursor.position`). */
export function withPositions(executions: readonly RunExecution[]): { execution: RunExecution; position: number }[] {
  const seen = new Map<number, number>();
  return executions.map((execution) => {
    const position = seen.get(execution.iteration) ?? 0;
    seen.set(execution.iteration, position + 1);
    return { execution, position };
  });
}
