import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  AppError,
  emptyRunStats,
  type RunEvent,
  type RunExecution,
  type RunOptions,
  type RunResult,
  type RunSource,
  type RunSummary,
  runPassed,
  type StoredRun,
} from '@client/core';
import type { HttpEngine } from '@client/http';
import { type RunPlan, runCollection } from '@client/runner';
import type { Store } from '@client/store';

/** What a run under way has found so far. */
interface Progress {
  executions: RunExecution[];
  stats: RunResult['stats'];
}

/** A run under way: what it has found so far, how to stop it, and its end. */
interface Running {
  summary: RunSummary;
  progress: Progress;
  controller: AbortController;
  finished: Promise<StoredRun>;
}

/** What makes a run of a project, read from the store when it starts. */
export type PlanOf = (options: RunOptions) => Promise<RunPlan>;

function summaryOf(id: string, options: RunOptions, plan: RunPlan, source: RunSource): RunSummary {
  return {
    id,
    projectId: options.projectId,
    folderId: options.folderId ?? null,
    environmentId: plan.environment?.id ?? null,
    name: plan.collection.name,
    source,
    status: 'running',
    startedAt: new Date().toISOString(),
    finishedAt: null,
    iterations: options.iterations,
    requests: { total: 0, failed: 0 },
    assertions: { total: 0, failed: 0 },
  };
}

/**
 * The runs of the window and of agents: each started in the background, followed live through `emit` (the
 * window's event stream), kept in the store like History once finished, cancelled on request.
 */
export class Runs {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly store: Store,
    private readonly engine: HttpEngine,
    private readonly planOf: PlanOf,
    private readonly emit: (event: RunEvent) => void,
  ) {}

  /**
   * Starts a run and answers with its summary (status `running`) once its requests are known. `planned` is the
   * plan an agent's run was shown to the person with: that one runs, not one read again.
   */
  async start(options: RunOptions, source: RunSource, planned?: RunPlan): Promise<RunSummary> {
    const plan = planned ?? (await this.planOf(options));
    const id = randomUUID();
    const summary = summaryOf(id, options, plan, source);
    const controller = new AbortController();
    const progress: Progress = { executions: [], stats: emptyRunStats() };
    this.emit({ type: 'started', summary, items: plan.requests.map((planned) => planned.item) });
    const finished = this.finish(summary, progress, controller, plan, options);
    this.running.set(id, { summary, progress, controller, finished });
    return summary;
  }

  private async finish(
    summary: RunSummary,
    progress: Progress,
    controller: AbortController,
    plan: RunPlan,
    options: RunOptions,
  ): Promise<StoredRun> {
    let result: RunResult;
    let ended: Pick<RunSummary, 'status' | 'error'>;
    try {
      const run = await runCollection(this.engine, plan, {
        iterations: options.iterations,
        delayMs: options.delayMs,
        bail: options.bail,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.data === undefined ? {} : { data: options.data }),
        signal: controller.signal,
        onProgress: (event) => {
          if (event.type === 'sending') {
            this.emit({ type: 'sending', runId: summary.id, iteration: event.iteration, item: event.item });
            return;
          }
          progress.executions.push(event.execution);
          progress.stats = event.stats;
          this.emit({ type: 'executed', runId: summary.id, execution: event.execution, stats: event.stats });
        },
      });
      result = run.result;
      const status = controller.signal.aborted ? 'cancelled' : runPassed(result.stats) ? 'passed' : 'failed';
      ended = { status };
    } catch (error) {
      const message = error instanceof AppError ? error.message : String(error);
      result = { stats: progress.stats, timings: emptyTimings(), executions: progress.executions };
      ended = { status: 'error', error: message };
    }
    const finished: RunSummary = {
      ...summary,
      ...ended,
      finishedAt: new Date().toISOString(),
      requests: result.stats.requests,
      assertions: result.stats.assertions,
    };
    let stored: StoredRun = { summary: finished, result, resultCut: false };
    try {
      stored = this.store.runs.add(finished, result);
    } catch (error) {
      // The project was deleted while it ran: the run is reported, not kept.
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    } finally {
      this.running.delete(summary.id);
    }
    this.emit({ type: 'finished', summary: finished });
    return stored;
  }

  /** A run, finished (kept) or still running (what it found so far). */
  get(runId: string): StoredRun {
    const running = this.running.get(runId);
    if (running !== undefined) {
      const { summary } = running;
      const { stats, executions } = running.progress;
      return {
        summary: { ...summary, requests: stats.requests, assertions: stats.assertions },
        result: { stats, timings: emptyTimings(), executions: [...executions] },
        resultCut: false,
      };
    }
    const kept = this.store.runs.get(runId);
    if (kept === undefined) throw new AppError('NOT_FOUND', `no run ${runId}; it may have been deleted`);
    return kept;
  }

  /** The project's runs, newest first: those under way, then the kept ones. */
  list(projectId: string): RunSummary[] {
    const running = [...this.running.values()]
      .filter((run) => run.summary.projectId === projectId)
      .map((run) => this.get(run.summary.id).summary)
      .reverse();
    return [...running, ...this.store.runs.list(projectId)];
  }

  /** The run once it has finished, or undefined if it is still running after `timeoutMs`. */
  async wait(runId: string, timeoutMs: number): Promise<StoredRun | undefined> {
    const running = this.running.get(runId);
    if (running === undefined) return this.get(runId);
    const late = new AbortController();
    const timedOut = delay(timeoutMs, undefined, { signal: late.signal }).catch(() => undefined);
    try {
      return await Promise.race([running.finished, timedOut]);
    } finally {
      late.abort();
    }
  }

  /** Stops a run: the request on its way is given up, the rest is not sent; answers once it has stopped. */
  cancel(runId: string): Promise<StoredRun> {
    const running = this.running.get(runId);
    if (running === undefined) {
      const kept = this.get(runId);
      throw new AppError('VALIDATION', `run ${runId} has already ${kept.summary.status}; there is nothing to cancel`);
    }
    running.controller.abort();
    return running.finished;
  }

  delete(runId: string): void {
    if (this.running.has(runId)) throw new AppError('VALIDATION', `run ${runId} is still running; cancel it first`);
    this.store.runs.delete(runId);
  }

  /** Cancels every run and waits for them to end (the app is stopping). */
  async close(): Promise<void> {
    const all = [...this.running.values()];
    for (const run of all) run.controller.abort();
    await Promise.allSettled(all.map((run) => run.finished));
  }
}

function emptyTimings(): RunResult['timings'] {
  const now = Date.now();
  return { started: now, completed: now, responseAverage: 0, responseMin: 0, responseMax: 0, responseSd: 0 };
}
