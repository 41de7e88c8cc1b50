import { setTimeout as delay } from 'node:timers/promises';
import {
  AppError,
  type DataRow,
  dataRowOf,
  type EndpointDraft,
  endpointUrlTemplate,
  type RunExecution,
  type RunItem,
  type RunResult,
  type RunStats,
} from '@client/core';
import { CookieJars, type HttpEngine, scopeScrubber } from '@client/http';
import { RunVariables } from '../sandbox/run-variables.js';
import { ScriptSession } from '../sandbox/script-session.js';
import { checkedResponse } from './checked-response.js';
import { runPostResponseScripts, runPreRequestScripts, type ScriptOutcome, scopeOf } from './request-scripts.js';
import type { PlannedRequest, RunPlan } from './run-plan.js';
import { executionFailed, RunTally } from './run-stats.js';
import { scriptSender } from './script-sender.js';

export interface RunCollectionOptions {
  iterations: number;
  /** Milliseconds between two requests. */
  delayMs: number;
  /** Stop at the first failure. */
  bail: boolean;
  /** Milliseconds each request may take, over each endpoint's own settings. */
  timeoutMs?: number;
  data?: DataRow[];
  signal?: AbortSignal;
  /** Each script's time and memory limit; the sandbox's defaults (5 s, 64 MiB) unless given. */
  scriptLimits?: { timeLimitMs?: number; memoryLimitBytes?: number };
  /** Each request as it is about to go, and once it is checked, with the counts so far. */
  onProgress?(event: RunProgress): void;
}

export type RunProgress =
  | { type: 'sending'; iteration: number; item: RunItem }
  | { type: 'executed'; execution: RunExecution; stats: RunStats };

/** A run's result, and its variables as the scripts left them: the caller decides what reaches the environment. */
export interface CollectionRun {
  result: RunResult;
  variables: RunVariables;
  /** Whether it stopped before its end: cancelled, or a script stopped it. */
  stopped: boolean;
}

/** How much of each response a run reads: its scripts and checks see the body whole up to this. */
const RUN_READ_LIMITS = { displayBytes: 16 * 1024 * 1024, readLimitBytes: 32 * 1024 * 1024 };

function variablesOf(plan: RunPlan): RunVariables {
  return new RunVariables({
    collection: plan.variables,
    environment: plan.environment?.variables ?? [],
    environmentName: plan.environment?.name ?? '',
  });
}

/** Where a `setNextRequest` name leads: the request of that name (or id), or the end of the iteration. */
function nextIndex(requests: readonly PlannedRequest[], name: string): number {
  const found = requests.findIndex((planned) => planned.item.name === name || planned.item.id === name);
  return found < 0 ? requests.length : found;
}

/**
 * Runs a plan's requests in order, iteration after iteration, as newman runs a collection: each request with the
 * pre-request scripts around it (project, folders, its own), sent by the engine, then its post-response scripts
 * and its assertion rows. Scripts' variables live for the run. Nothing is kept: the caller keeps the result.
 */
export async function runCollection(
  engine: HttpEngine,
  plan: RunPlan,
  options: RunCollectionOptions,
): Promise<CollectionRun> {
  if (plan.requests.length === 0)
    throw new AppError('VALIDATION', 'there is no request to run; pick a folder that has some');
  const variables = variablesOf(plan);
  const sender = scriptSender(engine, plan.collection.id, options.signal, () => scopeOf(variables));
  const session = await ScriptSession.create({ ...options.scriptLimits, sendRequest: sender.send });
  const jar = await new CookieJars(new Map()).of(plan.collection.id);
  const tally = new RunTally();
  const executions: RunExecution[] = [];
  let stopped = false;
  let first = true;
  try {
    for (let iteration = 0; iteration < options.iterations && !stopped; iteration++) {
      tally.stats.iterations.total++;
      variables.setIterationData(rowsOf(dataRowOf(options.data, iteration)));
      for (let index = 0; index < plan.requests.length && !stopped; ) {
        if (options.signal?.aborted === true) {
          stopped = true;
          break;
        }
        const planned = plan.requests[index] as PlannedRequest;
        if (!first && options.delayMs > 0)
          await delay(options.delayMs, undefined, { signal: options.signal }).catch(() => undefined);
        first = false;
        options.onProgress?.({ type: 'sending', iteration, item: planned.item });
        const place = { session, variables, iteration, iterationCount: options.iterations };
        const pre = await runPreRequestScripts(place, planned);
        sender.settings = planned.settings;
        if (pre.outcome.skip) {
          index++;
          continue;
        }
        const { execution, post } = await sendAndCheck(engine, plan, planned, pre.endpoint, pre.outcome, {
          place,
          jar,
          options,
        });
        executions.push(execution);
        tally.add(execution, pre.outcome, post);
        options.onProgress?.({ type: 'executed', execution, stats: structuredClone(tally.stats) });
        if (executionFailed(execution) && options.bail) stopped = true;
        if (pre.outcome.stop || post.stop) stopped = true;
        const next = post.nextRequest !== undefined ? post.nextRequest : pre.outcome.nextRequest;
        // setNextRequest(null) ends this iteration, as in newman: the next one starts from the first request.
        if (next === null) index = plan.requests.length;
        else index = next === undefined ? index + 1 : nextIndex(plan.requests, next);
      }
      if (options.signal?.aborted === true) stopped = true;
    }
  } finally {
    session.dispose();
  }
  return { result: { stats: tally.stats, timings: tally.timings(), executions }, variables, stopped };
}

function rowsOf(row: DataRow): { key: string; value: never }[] {
  return Object.entries(row).map(([key, value]) => ({ key, value: value as never }));
}

interface SendContext {
  place: Parameters<typeof runPreRequestScripts>[0];
  jar: Awaited<ReturnType<CookieJars['of']>>;
  options: RunCollectionOptions;
}

/** Sends one request as its pre-request scripts left it, then runs its post-response scripts and its checks. */
async function sendAndCheck(
  engine: HttpEngine,
  plan: RunPlan,
  planned: PlannedRequest,
  endpoint: EndpointDraft & { auth: PlannedRequest['endpoint']['auth'] },
  pre: ScriptOutcome,
  { place, jar, options }: SendContext,
): Promise<{ execution: RunExecution; post: ScriptOutcome }> {
  const scope = scopeOf(place.variables);
  const settings =
    options.timeoutMs === undefined ? planned.settings : { ...planned.settings, timeoutMs: options.timeoutMs };
  const execution: RunExecution = {
    iteration: place.iteration,
    item: planned.item,
    request: {
      method: endpoint.method.toUpperCase(),
      url: scope.resolve(
        endpointUrlTemplate(endpoint.path, (name) => scope.value(name)),
        true,
      ),
    },
    assertions: [...pre.tests],
  };
  let checked: ReturnType<typeof checkedResponse> | undefined;
  try {
    const prepared = await engine.prepare(endpoint, scope, settings);
    execution.request = { method: prepared.outgoing.method, url: prepared.outgoing.record.url };
    const outcome = await engine.send(prepared, {
      jar,
      projectId: plan.collection.id,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      limits: RUN_READ_LIMITS,
    });
    if (outcome.kind === 'response') {
      checked = checkedResponse(outcome);
      execution.response = checked.summary;
    } else {
      execution.error = { message: outcome.kind === 'cancelled' ? 'the run was cancelled' : outcome.message };
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    execution.error = { message: scopeScrubber(scope)(error.message) };
  }
  const post = await runPostResponseScripts(place, planned, endpoint, checked?.script);
  execution.assertions.push(...post.tests);
  if (checked !== undefined) execution.assertions.push(...checked.assertRows(endpoint.tests ?? [], place.variables));
  const errors = [...pre.errors, ...post.errors];
  if (errors.length > 0) execution.scriptErrors = errors;
  return { execution, post };
}
