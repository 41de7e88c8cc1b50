import { AppError } from '@client/core';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { chaiLoader, GUEST_PRELUDE } from './guest/guest-prelude.js';
import { loadChaiSource, newQuickJsInstance } from './quickjs-loader.js';

/**
 * QuickJS's own stack limit. Deeper recursion inside WebAssembly can exhaust Node's stack first (a RangeError on the
 * host, after which the instance is thrown away); this limit makes ordinary runaway recursion a catchable
 * InternalError inside the script instead.
 */
const STACK_LIMIT_BYTES = 256 * 1024;

/**
 * The host's side of a script's waiting: the guest asks for these, the session answers through deliver(). An error
 * thrown here reaches the script as the error of the call that asked.
 */
export interface GuestHost {
  send(id: number, requestJson: string): void;
  timer(id: number, ms: number): void;
  cancel(id: number): void;
}

/** An error thrown inside QuickJS that the guest did not catch, as name and message. */
/** Promise jobs run at a time, between which a runaway chain is counted. */
const JOB_BATCH = 10_000;
/** More promise jobs than a script's own work ever queues (a test script awaits a few). */
const MAX_JOBS_PER_SCRIPT = 100_000;

export interface GuestError {
  name: string;
  message: string;
}

export type GuestCall = { ok: true; value: string | undefined } | { ok: false; error: GuestError };

/**
 * One QuickJS instance, runtime and context with chai and the prelude loaded: the engine a session runs its scripts
 * in. Anything that throws out of it on the host (not a QuickJS exception) means it may be broken: the session
 * drops it and makes another. It is never disposed piece by piece: dropping it releases its memory whole.
 */
export class SandboxEngine {
  /** Where the running script's waiting goes; unset between scripts. */
  host: GuestHost | undefined;
  /** Set when the interrupt handler stopped a script that ran past its deadline. */
  interrupted = false;
  private deadline = Number.POSITIVE_INFINITY;
  private readonly api: Record<'start' | 'deliver' | 'finish', QuickJSHandle>;

  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    chaiSource: string,
  ) {
    runtime.setInterruptHandler(() => {
      if (Date.now() <= this.deadline) return false;
      this.interrupted = true;
      return true;
    });
    this.evaluate(chaiLoader(chaiSource), 'chai.js').dispose();
    const prelude = this.evaluate(GUEST_PRELUDE, 'client-sandbox.js');
    const hostObject = this.hostObject();
    const api = this.context.unwrapResult(this.context.callFunction(prelude, this.context.undefined, hostObject));
    prelude.dispose();
    hostObject.dispose();
    this.api = {
      start: this.context.getProp(api, 'start'),
      deliver: this.context.getProp(api, 'deliver'),
      finish: this.context.getProp(api, 'finish'),
    };
    api.dispose();
  }

  static async create(memoryLimitBytes: number): Promise<SandboxEngine> {
    const [instance, chaiSource] = await Promise.all([newQuickJsInstance(), loadChaiSource()]);
    const runtime = instance.newRuntime();
    runtime.setMemoryLimit(memoryLimitBytes);
    runtime.setMaxStackSize(STACK_LIMIT_BYTES);
    return new SandboxEngine(runtime, runtime.newContext(), chaiSource);
  }

  /** Scripts past this time are interrupted; Infinity between scripts. */
  setDeadline(deadline: number): void {
    this.deadline = deadline;
    this.interrupted = false;
  }

  start(payloadJson: string, source: string, body: string): GuestCall {
    return this.call(this.api.start, [payloadJson, source, body]);
  }

  deliver(id: number, ok: boolean, json: string, body: string): GuestCall {
    return this.call(this.api.deliver, [id, ok, json, body]);
  }

  finish(): GuestCall {
    return this.call(this.api.finish, []);
  }

  /**
   * Runs the promise jobs the script queued; an error is one that escaped every handler (an interrupt, memory), or a
   * chain of jobs too long to be a script's own work: a promise chain that only queues the next job fills the
   * memory, and the out-of-memory error then only rejects a promise nobody awaits, so nothing would say so.
   */
  runJobs(): GuestError | undefined {
    for (let ran = 0; ran < MAX_JOBS_PER_SCRIPT; ) {
      const result = this.runtime.executePendingJobs(JOB_BATCH);
      if (result.error) return this.readError(result.error);
      ran += result.value;
      if (result.value < JOB_BATCH) return undefined;
    }
    return {
      name: 'RangeError',
      message: `the script queued more than ${MAX_JOBS_PER_SCRIPT.toLocaleString('en-US')} promise jobs, as an endless promise chain does; it was stopped`,
    };
  }

  private evaluate(code: string, fileName: string): QuickJSHandle {
    const result = this.context.evalCode(code, fileName);
    if (result.error) {
      const error = this.readError(result.error);
      throw new AppError('INTERNAL', `the script sandbox could not load ${fileName}: ${error.name}: ${error.message}`);
    }
    return result.value;
  }

  private hostObject(): QuickJSHandle {
    const { context } = this;
    const object = context.newObject();
    const define = (name: keyof GuestHost, fn: (args: QuickJSHandle[]) => void) => {
      const handle = context.newFunction(name, (...args) => {
        fn(args);
      });
      context.setProp(object, name, handle);
      handle.dispose();
    };
    const number = (handle: QuickJSHandle | undefined) =>
      handle === undefined ? Number.NaN : context.getNumber(handle);
    const text = (handle: QuickJSHandle | undefined) => (handle === undefined ? '' : context.getString(handle));
    define('send', ([id, request]) => this.host?.send(number(id), text(request)));
    define('timer', ([id, ms]) => this.host?.timer(number(id), number(ms)));
    define('cancel', ([id]) => this.host?.cancel(number(id)));
    return object;
  }

  private call(fn: QuickJSHandle, args: (string | number | boolean)[]): GuestCall {
    const { context } = this;
    // Booleans are the context's own constants, which are not ours to dispose.
    const created = args.map((arg) =>
      typeof arg === 'string' ? context.newString(arg) : typeof arg === 'number' ? context.newNumber(arg) : undefined,
    );
    const handles = created.map((handle, i) => handle ?? (args[i] ? context.true : context.false));
    const result = context.callFunction(fn, context.undefined, ...handles);
    for (const handle of created) handle?.dispose();
    if (result.error) return { ok: false, error: this.readError(result.error) };
    const value = result.value;
    const type = context.typeof(value);
    const read =
      type === 'string' ? context.getString(value) : type === 'number' ? String(context.getNumber(value)) : undefined;
    value.dispose();
    return { ok: true, value: read };
  }

  private readError(handle: QuickJSHandle): GuestError {
    const { context } = this;
    try {
      const read = (name: string) => {
        const prop = context.getProp(handle, name);
        const value = context.typeof(prop) === 'undefined' ? undefined : context.getString(prop);
        prop.dispose();
        return value;
      };
      const message = read('message');
      return message === undefined
        ? { name: 'Error', message: context.getString(handle) }
        : { name: read('name') ?? 'Error', message };
    } catch {
      return { name: 'Error', message: 'an error the sandbox could not read' };
    } finally {
      handle.dispose();
    }
  }
}
