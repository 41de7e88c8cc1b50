import { type TransferListItem, Worker } from 'node:worker_threads';
import { AppError, type ErrorBody, isErrorCode } from '@client/core';
import type { AnswerMessage, TaskMessage } from './thread-tasks.js';

export interface ThreadPoolOptions<Task = unknown> {
  /** The threads' program: an ES module that calls `answerTasks` (thread-tasks.ts). */
  program: URL;
  /** Threads at most; each is started when a task first needs it. */
  threads: number;
  /** Tasks that may wait for a free thread; more are refused. */
  maxWaiting: number;
  /** Names the work in error messages: "the cURL parser". */
  name: string;
  /** Given to each thread as its `workerData`. */
  workerData?: unknown;
  /** What of a task to move to the thread rather than copy; the caller must not use it afterwards. */
  transferOf?: (task: Task) => TransferListItem[];
}

export interface ThreadPool<Task, Result> {
  /**
   * Runs `task` on a free thread, or on the first to free up, in the order tasks came. Rejects with the AppError
   * the thread answered, or with INTERNAL when the thread stopped, too many tasks wait, or the pool is closed.
   */
  run(task: Task): Promise<Result>;
  /** Threads started and not exited. */
  readonly threads: number;
  /** Tasks waiting for a thread. */
  readonly waiting: number;
  /** Refuses new tasks, fails waiting ones and the ones in progress, ends the threads. Idempotent. */
  close(): Promise<void>;
}

interface Job<Task, Result> {
  task: Task;
  resolve(result: Result): void;
  reject(error: AppError): void;
}

interface Thread<Task, Result> {
  worker: Worker;
  job: Job<Task, Result> | null;
  jobId: number;
  exited: Promise<void>;
}

/**
 * A body's memory when the body is all of it (a large body is read into memory of its own), for `transferOf`: a
 * 256 KiB command is then moved to the thread, not copied and kept alive here until the thread has read it. A
 * body that shares its memory with others is copied.
 */
export function ownMemory(body: Uint8Array): TransferListItem[] {
  const { buffer } = body;
  return buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}

/**
 * A thread's young generation, in MB. V8 grows it towards 48 MB under a steady stream of tasks and keeps it after the
 * stream ends; a task's garbage is small and short-lived, so this much holds it, and a pool thread costs the app about
 * 25 MB less resident memory after 10,000 imports, at the same import rate (bench/README.md).
 */
const THREAD_YOUNG_GENERATION_MB = 2;

/**
 * A thread's old generation, in MB. Without a limit V8 sizes a thread's old space as for a heap of gigabytes: after
 * 10,000 imports a writer kept 16 MB of pages for 6 MB alive. With this one it collects sooner and grows the space
 * in smaller steps (13 MB), at the same import rate. It must still hold what one task makes of the largest body:
 * JSON nested 500,000 deep (1 MiB of brackets) parses to about 30 MB of arrays, which a 32 MB limit ran out on. A
 * thread that runs out stops and fails only its task; the next task gets a new thread.
 */
const THREAD_OLD_GENERATION_MB = 64;

function answeredError(body: ErrorBody, name: string): AppError {
  return isErrorCode(body.code)
    ? new AppError(body.code, body.message)
    : new AppError('INTERNAL', `${name} answered an unknown error code; send the request again`, { cause: body });
}

/**
 * A fixed number of worker threads running one program, for CPU-bound work that must not hold the thread
 * answering requests. Idle threads do not keep the process alive; a thread that stops (a crash) fails only its
 * task in progress and is replaced when the next task needs it.
 */
export function createThreadPool<Task, Result>(options: ThreadPoolOptions<Task>): ThreadPool<Task, Result> {
  const { name } = options;
  if (!Number.isInteger(options.threads) || options.threads < 1) {
    throw new RangeError(`threads must be a positive integer, not ${options.threads}`);
  }
  if (!Number.isInteger(options.maxWaiting) || options.maxWaiting < 0) {
    throw new RangeError(`maxWaiting must be a non-negative integer, not ${options.maxWaiting}`);
  }
  const live = new Set<Thread<Task, Result>>();
  const idle: Thread<Task, Result>[] = [];
  const waiting: Job<Task, Result>[] = [];
  let lastJobId = 0;
  let closing: Promise<void> | null = null;

  const closedError = () =>
    new AppError(
      'INTERNAL',
      `${name} has stopped because the app is shutting down; send the request again once it runs`,
    );
  const stoppedError = (cause: unknown) =>
    new AppError(
      'INTERNAL',
      `${name} stopped while working on this request; send it again, and if it fails again see the app output`,
      { cause },
    );

  function dispatch(thread: Thread<Task, Result>, job: Job<Task, Result>): void {
    thread.job = job;
    thread.jobId = ++lastJobId;
    // Busy, the thread keeps the process alive until it answers; idle, it does not.
    thread.worker.ref();
    const message: TaskMessage<Task> = { id: thread.jobId, task: job.task };
    try {
      thread.worker.postMessage(message, options.transferOf?.(job.task));
    } catch (error) {
      thread.job = null;
      job.reject(new AppError('INTERNAL', `${name} could not be handed this request`, { cause: error }));
      next(thread);
    }
  }

  function next(thread: Thread<Task, Result>): void {
    const job = waiting.shift();
    if (job !== undefined) {
      dispatch(thread, job);
      return;
    }
    thread.worker.unref();
    idle.push(thread);
  }

  function start(): Thread<Task, Result> {
    // The program is built JavaScript that needs none of this process's options, and some would break it: a
    // test runner's --conditions points our packages at their TypeScript sources.
    const worker = new Worker(options.program, {
      execArgv: [],
      workerData: options.workerData,
      resourceLimits: {
        maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB,
        maxOldGenerationSizeMb: THREAD_OLD_GENERATION_MB,
      },
    });
    let failure: unknown = null;
    const thread: Thread<Task, Result> = { worker, job: null, jobId: 0, exited: Promise.resolve() };
    worker.on('message', (answer: AnswerMessage<Result>) => {
      const job = thread.job;
      if (job === null || answer.id !== thread.jobId) return;
      thread.job = null;
      if ('error' in answer) job.reject(answeredError(answer.error, name));
      else job.resolve(answer.result);
      next(thread);
    });
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('messageerror', (error) => {
      failure = error;
      void worker.terminate();
    });
    thread.exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        live.delete(thread);
        const at = idle.indexOf(thread);
        if (at !== -1) idle.splice(at, 1);
        const job = thread.job;
        thread.job = null;
        if (job !== null) job.reject(closing === null ? stoppedError(failure ?? `exit code ${code}`) : closedError());
        // The stopped thread's place goes to the next task waiting, on a new thread.
        const waiter = closing === null ? waiting.shift() : undefined;
        if (waiter !== undefined) startFor(waiter);
        resolve();
      });
    });
    live.add(thread);
    return thread;
  }

  function startFor(job: Job<Task, Result>): void {
    let thread: Thread<Task, Result>;
    try {
      thread = start();
    } catch (error) {
      job.reject(stoppedError(error));
      return;
    }
    dispatch(thread, job);
  }

  return {
    run(task) {
      if (closing !== null) return Promise.reject(closedError());
      return new Promise<Result>((resolve, reject) => {
        const job: Job<Task, Result> = { task, resolve, reject };
        const thread = idle.pop();
        if (thread !== undefined) dispatch(thread, job);
        else if (live.size < options.threads) startFor(job);
        else if (waiting.length < options.maxWaiting) waiting.push(job);
        else {
          reject(
            new AppError(
              'INTERNAL',
              `${name} has ${options.maxWaiting} requests waiting already; send this one again in a moment`,
            ),
          );
        }
      });
    },
    get threads() {
      return live.size;
    },
    get waiting() {
      return waiting.length;
    },
    close() {
      closing ??= (async () => {
        for (const job of waiting.splice(0)) job.reject(closedError());
        const threads = [...live];
        await Promise.all(threads.map((thread) => thread.worker.terminate()));
        await Promise.all(threads.map((thread) => thread.exited));
      })();
      return closing;
    },
  };
}
