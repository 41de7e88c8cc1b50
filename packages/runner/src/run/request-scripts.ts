import {
  type ConcreteAuth,
  type EndpointAuth,
  type EndpointScripts,
  type RunAssertion,
  type RunScriptError,
  type ScriptLevel,
  templateNames,
} from '@client/core';
import { VariableScope } from '@client/http';
import { referencedVariables } from '../sandbox/request-variables.js';
import type { RunVariables } from '../sandbox/run-variables.js';
import type { ScriptSession } from '../sandbox/script-session.js';
import type { ConsoleLine, ScriptEvent, ScriptRequest, ScriptResponse, ScriptResult } from '../sandbox/script-types.js';
import type { PlannedRequest } from './run-plan.js';
import { draftAfterScript, scriptRequestOf } from './script-request.js';

/** What the scripts around one request said, beyond the variables they changed. */
export interface ScriptOutcome {
  tests: RunAssertion[];
  errors: RunScriptError[];
  console: ConsoleLine[];
  /** How many scripts ran (empty ones are not counted), and how many of them failed. */
  ran: number;
  /** Set by `setNextRequest`: the name of the request to run next, or null to end the iteration. */
  nextRequest?: string | null;
  /** A pre-request script asked not to send this request. */
  skip: boolean;
  /** A script asked to stop the run. */
  stop: boolean;
}

/** What the scripts around a request need of it: a request of a run, or of one Send from the window. */
export type ScriptedRequest = Pick<PlannedRequest, 'item' | 'endpoint' | 'levels'>;

export interface ScriptPlace {
  session: Pick<ScriptSession, 'run'>;
  variables: RunVariables;
  iteration: number;
  iterationCount: number;
}

function authTexts(auth: EndpointAuth): string[] {
  return Object.values(auth).filter((value): value is string => typeof value === 'string');
}

/** The variables a request uses, its auth's too: the only secrets its scripts may read. */
function usedNames(request: ScriptRequest, auth: ConcreteAuth, variables: RunVariables): Set<string> {
  const used = referencedVariables(request, variables);
  for (const text of authTexts(auth)) for (const name of templateNames(text)) used.add(name);
  return used;
}

/** The scripts that run around an endpoint, outermost first, with what each level is called in results. */
function levelsOf(planned: ScriptedRequest): { level: RunScriptError['level']; scripts: EndpointScripts }[] {
  const outer = planned.levels.map((level: ScriptLevel) => ({ level: level.kind, scripts: level.scripts }));
  const own = planned.endpoint.scripts;
  return own === undefined ? outer : [...outer, { level: 'endpoint' as const, scripts: own }];
}

function emptyOutcome(): ScriptOutcome {
  return { tests: [], errors: [], console: [], ran: 0, skip: false, stop: false };
}

function testsOf(result: ScriptResult): RunAssertion[] {
  return result.tests.map((test) => ({
    assertion: test.name,
    ...(test.skipped === true ? { skipped: true } : {}),
    ...(test.passed || test.skipped === true
      ? {}
      : { error: test.error ?? { name: 'AssertionError', message: 'failed' } }),
  }));
}

/** Adds one script's result to what the request's scripts said so far. */
function take(outcome: ScriptOutcome, result: ScriptResult, phase: ScriptEvent, level: RunScriptError['level']): void {
  outcome.ran++;
  outcome.tests.push(...testsOf(result));
  outcome.console.push(...result.console);
  if (result.error !== undefined) outcome.errors.push({ phase, level, message: result.error.message });
  if (result.nextRequest !== undefined) outcome.nextRequest = result.nextRequest;
  if (result.skipRequest === true) outcome.skip = true;
  if (result.stopRun === true) outcome.stop = true;
}

/** The scope a request is resolved in: every variable of the run as it stands, the secret ones masked in records. */
export function scopeOf(variables: RunVariables): VariableScope {
  const values = [...variables.effective()].map(([key, variable]) => ({ key, ...variable }));
  return VariableScope.layered([], values);
}

/**
 * Runs the pre-request scripts of a request (project, folders, then its own) and gives the endpoint as they left
 * it, to be sent in the scope they left.
 */
export async function runPreRequestScripts(
  place: ScriptPlace,
  planned: ScriptedRequest,
): Promise<{ endpoint: PlannedRequest['endpoint']; outcome: ScriptOutcome }> {
  const outcome = emptyOutcome();
  const original = scriptRequestOf(planned.item.id, planned.endpoint);
  let request = original;
  for (const { level, scripts } of levelsOf(planned)) {
    if (scripts.preRequest.trim() === '') continue;
    const result = await place.session.run({
      event: 'prerequest',
      source: scripts.preRequest,
      request,
      variables: place.variables,
      usedVariables: usedNames(request, planned.endpoint.auth, place.variables),
      info: { iteration: place.iteration, iterationCount: place.iterationCount },
    });
    take(outcome, result, 'prerequest', level);
    if (result.request !== undefined) request = result.request;
  }
  const endpoint = { ...draftAfterScript(planned.endpoint, original, request), auth: planned.endpoint.auth };
  return { endpoint, outcome };
}

/**
 * Runs the post-response scripts of a request, each level's post-response script and then its tests (Bruno keeps
 * them apart; Postman's are its tests), against the response (absent when none came: they run all the same, as in
 * newman).
 */
export async function runPostResponseScripts(
  place: ScriptPlace,
  planned: ScriptedRequest,
  sent: PlannedRequest['endpoint'],
  response: ScriptResponse | undefined,
): Promise<ScriptOutcome> {
  const outcome = emptyOutcome();
  const request = scriptRequestOf(planned.item.id, sent);
  const used = usedNames(request, sent.auth, place.variables);
  for (const { level, scripts } of levelsOf(planned)) {
    for (const source of [scripts.postResponse, scripts.tests]) {
      if (source.trim() === '') continue;
      const result = await place.session.run({
        event: 'test',
        source,
        request,
        ...(response === undefined ? {} : { response }),
        variables: place.variables,
        usedVariables: used,
        info: { iteration: place.iteration, iterationCount: place.iterationCount },
      });
      take(outcome, result, 'test', level);
    }
  }
  return outcome;
}
