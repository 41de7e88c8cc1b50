import { AppError, type LoadOptions, type LoadProgress, type LoadResult } from '@client/core';
import { type HttpEngine, scopeScrubber, VariableScope } from '@client/http';
import type { RunPlan } from '../run/run-plan.js';
import { checkLoadOptions, runLoad } from './run-load.js';

/**
 * A load test of a plan's requests: each built once in the plan's variables (scripts do not run: a load test
 * measures the server), sent over `connections` connections of its own for the duration.
 */
export async function loadTest(
  engine: HttpEngine,
  plan: RunPlan,
  options: LoadOptions & { signal?: AbortSignal; onProgress?: (progress: LoadProgress) => void },
): Promise<LoadResult> {
  checkLoadOptions(options);
  if (plan.requests.length === 0)
    throw new AppError('VALIDATION', 'there is no request to send; pick a folder that has some');
  const scope = VariableScope.layered(plan.variables, plan.environment?.variables ?? []);
  const prepared = [];
  for (const { endpoint, settings, item } of plan.requests) {
    try {
      prepared.push(await engine.prepare(endpoint, scope, settings));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const reason = scopeScrubber(scope)(error.message);
      throw new AppError(error.code, `${[...item.path, item.name].join(' / ')} cannot be sent: ${reason}`);
    }
  }
  const load = await engine.repeaters(prepared, plan.collection.id, options.connections);
  try {
    return await runLoad(load.shots, options);
  } finally {
    await load.close();
  }
}
