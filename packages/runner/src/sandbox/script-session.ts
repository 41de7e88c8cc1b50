import { AppError } from '@client/core';
import { HostOperations } from './host-operations.js';
import type { RunVariables } from './run-variables.js';
import { SandboxEngine } from './sandbox-engine.js';
import { scriptPayload } from './script-payload.js';
import { type EngineRun, runInEngine } from './script-run.js';
import type {
  ScriptError,
  ScriptEvent,
  ScriptRequest,
  ScriptResponse,
  ScriptResult,
  ScriptRunInfo,
  SendRequestHost,
} from './script-types.js';

export const DEFAULT_TIME_LIMIT_MS = 5_000;
export const DEFAULT_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
const MIN_MEMORY_BYTES = 8 * 1024 * 1024;
const MAX_MEMORY_BYTES = 1024 * 1024 * 1024;
const MAX_TIME_LIMIT_MS = 10 * 60_000;

export interface ScriptSessionOptions {
  /** Per script, its waiting included (default 5 s). */
  timeLimitMs?: number;
  /** Of the session's QuickJS runtime, chai's ~2 MiB included (default 64 MiB). */
  memoryLimitBytes?: number;
  /** The sender behind pm.sendRequest and bru.sendRequest; without it they fail with a clear message. */
  sendRequest?: SendRequestHost;
}

export interface ScriptInput {
  event: ScriptEvent;
  source: string;
  request: ScriptRequest;
  /** The answer a test script checks; absent when none came (the script still runs, as in newman). */
  response?: ScriptResponse;
  /** The run's variables: read with the secret rule, changed by the script. */
  variables: RunVariables;
  /** The variables the request itself uses ({{name}} in it): the only secrets the script may read. */
  usedVariables?: Iterable<string>;
  info?: Partial<ScriptRunInfo>;
}

function checkLimit(name: string, value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new AppError('VALIDATION', `${name} must be a whole number from ${min} to ${max}; got ${value}`);
  }
  return value;
}

const MEMORY_MESSAGES = new Set(['out of memory', 'string too long']);

/**
 * Runs scripts, one at a time, in one QuickJS context per run (chai loaded once), each in a function scope of its
 * own. A script that runs out of time or memory, or breaks the sandbox, ends with an error in its result; the next
 * script gets a new context, made transparently.
 */
export class ScriptSession {
  private engine: SandboxEngine | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly timeLimitMs: number,
    private readonly memoryLimitBytes: number,
    private readonly sendRequest: SendRequestHost | undefined,
    engine: SandboxEngine,
  ) {
    this.engine = engine;
  }

  static async create(options: ScriptSessionOptions = {}): Promise<ScriptSession> {
    const time = checkLimit('timeLimitMs', options.timeLimitMs, DEFAULT_TIME_LIMIT_MS, 1, MAX_TIME_LIMIT_MS);
    const memory = checkLimit(
      'memoryLimitBytes',
      options.memoryLimitBytes,
      DEFAULT_MEMORY_LIMIT_BYTES,
      MIN_MEMORY_BYTES,
      MAX_MEMORY_BYTES,
    );
    return new ScriptSession(time, memory, options.sendRequest, await newEngine(memory));
  }

  /** Runs `input` after the scripts already queued; the run's variables take the script's changes. */
  run(input: ScriptInput): Promise<ScriptResult> {
    const result = this.queue.then(() => this.runNow(input));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Lets the session's engine go (its memory with it); later runs are refused. */
  dispose(): void {
    this.closed = true;
    this.engine = undefined;
  }

  private async runNow(input: ScriptInput): Promise<ScriptResult> {
    if (this.closed) throw new AppError('VALIDATION', 'this script session is closed; create a new one to run scripts');
    if (typeof input.source !== 'string') throw new AppError('VALIDATION', 'a script needs its source text');
    const started = Date.now();
    if (input.source.trim() === '') return emptyResult(input, started);
    this.engine ??= await newEngine(this.memoryLimitBytes);
    const engine = this.engine;
    const ops = new HostOperations(this.sendRequest);
    const parts = {
      payload: scriptPayload({
        event: input.event,
        request: input.request,
        response: input.response,
        variables: input.variables,
        usedVariables: new Set(input.usedVariables ?? []),
        info: { iteration: input.info?.iteration ?? 0, iterationCount: input.info?.iterationCount ?? 1 },
      }),
      source: input.source,
      body: input.response === undefined ? '' : String(input.response.body),
      request: input.request,
    };
    let run: EngineRun;
    try {
      run = await runInEngine(engine, ops, parts, started + this.timeLimitMs);
    } catch (error) {
      // Thrown on the host from inside WebAssembly: the instance may be half-way through anything.
      this.engine = undefined;
      return { ...emptyResult(input, started), error: hostFailure(error) };
    }
    const error = this.errorOf(run);
    // After a timeout, memory exhaustion, a broken prelude or replaced built-ins the context holds the script's
    // leftovers (an endless job queue, a full heap, a rigged assert): the next script gets a new one.
    if (run.timedOut || run.failure !== undefined || error?.kind === 'memory' || run.outcome?.tampered) {
      this.engine = undefined;
    }
    const outcome = run.outcome;
    if (outcome) input.variables.apply(outcome.changes);
    const result: ScriptResult = {
      tests: outcome?.tests ?? [],
      console: outcome?.console ?? [],
      variableChanges: outcome?.changes ?? [],
      durationMs: Date.now() - started,
    };
    if (input.event === 'prerequest') result.request = outcome?.request ?? input.request;
    if (outcome?.nextRequest !== undefined) result.nextRequest = outcome.nextRequest;
    if (outcome?.skipRequest) result.skipRequest = true;
    if (outcome?.stopRun) result.stopRun = true;
    if (error !== undefined) result.error = error;
    return result;
  }

  private errorOf(run: EngineRun): ScriptError | undefined {
    if (run.timedOut) {
      const waiting = run.unansweredSends > 0 ? ` (${run.unansweredSends} sendRequest still without an answer)` : '';
      return {
        kind: 'timeout',
        message: `the script did not finish within its time limit of ${this.timeLimitMs} ms${waiting}`,
      };
    }
    const error = run.failure ?? run.outcome?.error;
    if (error === undefined) return undefined;
    if (MEMORY_MESSAGES.has(error.message)) {
      return {
        kind: 'memory',
        message: `the script ran out of memory (limit ${this.memoryLimitBytes} bytes): ${error.message}`,
      };
    }
    const kind = run.failure === undefined && run.outcome?.error?.kind === 'syntax' ? 'syntax' : 'runtime';
    return { kind, message: `${error.name}: ${error.message}` };
  }
}

async function newEngine(memoryLimitBytes: number): Promise<SandboxEngine> {
  try {
    return await SandboxEngine.create(memoryLimitBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INTERNAL', `the script sandbox could not start: ${(error as Error).message}`, { cause: error });
  }
}

function hostFailure(error: unknown): ScriptError {
  if (error instanceof RangeError) {
    return { kind: 'memory', message: "the script nested calls too deeply: the sandbox's stack ran out" };
  }
  return {
    kind: 'runtime',
    message: `the sandbox failed while running the script: ${String((error as Error)?.message ?? error)}`,
  };
}

function emptyResult(input: ScriptInput, started: number): ScriptResult {
  const result: ScriptResult = { tests: [], console: [], variableChanges: [], durationMs: Date.now() - started };
  if (input.event === 'prerequest') result.request = input.request;
  return result;
}
