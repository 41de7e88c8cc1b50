import type { RunResult, RunSummary, StoredRun } from '@client/core';
import { invalid } from '../field-validation.js';
import { notFound, requireProject } from '../not-found.js';
import type { StoreContext } from '../store-context.js';

/** How many runs each project keeps unless the store is opened with another limit. */
export const DEFAULT_RUN_LIMIT = 50;

/**
 * The most of a run's result kept, as JSON: a run of thousands of requests is kept with its first executions and
 * all its counts, not whole.
 */
export const MAX_RUN_RESULT_CHARS = 4 * 1024 * 1024;

interface RunRow {
  summary: string;
  result: string;
  result_cut: number;
}

/** The result with as many of its first executions as fit in `MAX_RUN_RESULT_CHARS` once written as JSON. */
function capped(result: RunResult): { json: string; cut: boolean } {
  const whole = JSON.stringify(result);
  if (whole.length <= MAX_RUN_RESULT_CHARS) return { json: whole, cut: false };
  let size = JSON.stringify({ ...result, executions: [] }).length;
  let kept = 0;
  for (const execution of result.executions) {
    // One comma between two executions.
    size += JSON.stringify(execution).length + (kept === 0 ? 0 : 1);
    if (size > MAX_RUN_RESULT_CHARS) break;
    kept += 1;
  }
  return { json: JSON.stringify({ ...result, executions: result.executions.slice(0, kept) }), cut: true };
}

/** Finished runs of a project's tests, kept like History: newest first, each project its newest `limit`. */
export class RunRepository {
  constructor(
    private readonly context: StoreContext,
    private readonly limit: number,
  ) {}

  /**
   * Keeps a finished run (its result cut to a size when too large) and drops the project's oldest beyond the
   * limit. Throws VALIDATION for a run without a project or still running, NOT_FOUND for an unknown project.
   */
  add(summary: RunSummary, result: RunResult): StoredRun {
    const projectId = summary.projectId;
    if (projectId === null) throw invalid('a run of a collection file belongs to no project and is not kept');
    if (summary.status === 'running' || summary.finishedAt === null) {
      throw invalid(`run ${summary.id} is still running; keep it once it has finished`);
    }
    if (summary.id.trim() === '') throw invalid('a run needs an id');
    const { json, cut } = capped(result);
    return this.context.write(() => {
      requireProject(this.context, projectId);
      this.context
        .statement(
          `INSERT INTO runs (id, project_id, started_at, summary, result, result_cut)
           VALUES (@id, @projectId, @startedAt, @summary, @result, @cut)`,
        )
        .run({
          id: summary.id,
          projectId,
          startedAt: summary.startedAt,
          summary: JSON.stringify(summary),
          result: json,
          cut: Number(cut),
        });
      this.context
        .statement(
          `DELETE FROM runs WHERE seq IN (
             SELECT seq FROM runs WHERE project_id = @projectId
             ORDER BY started_at DESC, seq DESC LIMIT -1 OFFSET @keep)`,
        )
        .run({ projectId, keep: this.limit });
      return { summary, result: cut ? (JSON.parse(json) as RunResult) : result, resultCut: cut };
    });
  }

  /** The project's kept runs, newest first, summaries only. Throws NOT_FOUND for an unknown project. */
  list(projectId: string): RunSummary[] {
    return this.context.read(() => {
      requireProject(this.context, projectId);
      return this.context
        .statement<string>('SELECT summary FROM runs WHERE project_id = ? ORDER BY started_at DESC, seq DESC')
        .pluck()
        .all(projectId)
        .map((summary) => JSON.parse(summary) as RunSummary);
    });
  }

  get(id: string): StoredRun | undefined {
    const row = this.context.statement<RunRow>('SELECT summary, result, result_cut FROM runs WHERE id = ?').get(id);
    if (row === undefined) return undefined;
    return {
      summary: JSON.parse(row.summary) as RunSummary,
      result: JSON.parse(row.result) as RunResult,
      resultCut: row.result_cut === 1,
    };
  }

  delete(id: string): void {
    const { changes } = this.context.statement('DELETE FROM runs WHERE id = ?').run(id);
    if (changes === 0) throw notFound('run', id);
  }
}
