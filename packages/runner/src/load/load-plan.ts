import { AppError, type LoadOptions, type LoadProgress, type LoadResult } from '@client/core';
import { type HttpEngine, scopeScrubber, VariableScope } from '@client/http';
import type { RunPlan } from '../run/run-plan.js';
import { autocannonCanSend, autocannonLoad } from './autocannon-load.js';
import { checkLoadOptions, runLoad } from './run-load.js';

/**
 * A load test of a plan's requests: each built once in the plan's variables, its auth written once (scripts do not
 * run: a load test measures the server), sent over `connections` connections of its own for the duration — by
 * autocannon when they all go to one origin directly, else by the engine's own connections.
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
  const targets = [];
  for (const one of prepared) targets.push(await engine.loadTarget(one, plan.collection.id));
  const [first] = targets;
  const outgoing = targets.map((target) => target.outgoing);
  if (first !== undefined && autocannonCanSend(outgoing) && targets.every((target) => !target.proxied)) {
    return autocannonLoad(outgoing, first.tls, prepared[0]?.settings.timeoutMs ?? 60_000, options);
  }
  // Several origins, a proxy, a header named twice: the engine's own connections send them.
  const load = await engine.repeaters(prepared, options.connections);
  try {
    return await runLoad(load.shots, options);
  } finally {
    await load.close();
  }
}
