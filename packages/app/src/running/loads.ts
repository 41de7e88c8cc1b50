import { randomUUID } from 'node:crypto';
import { AppError, type LoadOptions, type LoadProgress, type LoadResult, type RunOptions } from '@client/core';
import type { HttpEngine } from '@client/http';
import { checkLoadOptions, loadTest } from '@client/runner';
import type { PlanOf } from './runs.js';

/** What a load test tells the window as it goes. */
export type LoadEvent =
  | { type: 'load-progress'; loadId: string; progress: LoadProgress }
  | { type: 'load-finished'; loadId: string; result?: LoadResult; error?: { code: string; message: string } };

/** Load tests of the window's projects: each runs in the background and is followed through `emit`. */
export class Loads {
  private readonly running = new Map<string, { controller: AbortController; finished: Promise<void> }>();

  constructor(
    private readonly engine: HttpEngine,
    private readonly planOf: PlanOf,
    private readonly emit: (event: LoadEvent) => void,
  ) {}

  /** Starts a load test once its requests are built; its result comes as `load-finished`. */
  async start(options: Pick<RunOptions, 'projectId' | 'folderId' | 'environmentId' | 'order'>, load: LoadOptions) {
    checkLoadOptions(load);
    const plan = await this.planOf({ ...options, iterations: 1, delayMs: 0, bail: false });
    const loadId = randomUUID();
    const controller = new AbortController();
    const finished = loadTest(this.engine, plan, {
      ...load,
      signal: controller.signal,
      onProgress: (progress) => this.emit({ type: 'load-progress', loadId, progress }),
    }).then(
      (result) => this.emit({ type: 'load-finished', loadId, result }),
      (error: unknown) => {
        const known = error instanceof AppError ? error : new AppError('INTERNAL', String(error));
        this.emit({ type: 'load-finished', loadId, error: { code: known.code, message: known.message } });
      },
    );
    this.running.set(loadId, { controller, finished: finished.finally(() => this.running.delete(loadId)) });
    return { loadId };
  }

  cancel(loadId: string): void {
    const running = this.running.get(loadId);
    if (running === undefined) throw new AppError('NOT_FOUND', `no load test ${loadId} is running`);
    running.controller.abort();
  }

  async close(): Promise<void> {
    const all = [...this.running.values()];
    for (const load of all) load.controller.abort();
    await Promise.allSettled(all.map((load) => load.finished));
  }
}
