import { Worker } from 'node:worker_threads';
import { type CheckpointAnswer, type CheckpointRequest, runCheckpointThread } from './checkpoint-thread.js';
import { sqliteDriver } from './sqlite/open-database.js';

export interface WalCheckpointerOptions {
  /** How long after a write the WAL is copied into the database; writes in between share one checkpoint. */
  delayMs: number;
  /** WAL frames from which a checkpoint also restarts the WAL (see `CheckpointThreadData`). */
  restartFrames: number;
  /** WAL frames from which a checkpoint restarts the WAL even while the writer keeps committing. */
  busyRestartFrames: number;
  /** How long the thread's connection waits for the writer's lock when it restarts the WAL. */
  busyTimeoutMs: number;
  /** Told of every checkpoint the thread made. */
  onCheckpoint?: (answer: CheckpointAnswer) => void;
}

const DEFAULT_CHECKPOINTER_OPTIONS: Readonly<WalCheckpointerOptions> = {
  delayMs: 100,
  // 16 MiB of 4 KiB pages: four times what SQLite's own automatic checkpoints let the WAL reach.
  restartFrames: 4096,
  // 256 MiB: a storm of large imports restarts rarely, instead of stalling the writer every few hundred ms.
  busyRestartFrames: 65_536,
  busyTimeoutMs: 20,
};

/** Copies the WAL into the database on its own thread, so the writer's thread never waits for it. */
export interface WalCheckpointer {
  /** Tells it the writer has committed; the checkpoint follows `delayMs` later. Cheap: call it after every commit. */
  noteCommit(): void;
  /** Ends the thread after the checkpoint in progress; resolves once it has exited. Idempotent. */
  close(): Promise<void>;
}

const THREAD_SOURCE = `(${runCheckpointThread.toString()})(require);`;

/**
 * Starts checkpointing `databasePath` from a worker thread with its own connection. The thread is started at the
 * first commit, so opening the store costs nothing more. `onStopped` is called if the thread ends by itself (it
 * failed), so that the writer can take checkpoints back.
 */
export function startWalCheckpointer(
  databasePath: string,
  onStopped: (error: unknown) => void,
  options: WalCheckpointerOptions = DEFAULT_CHECKPOINTER_OPTIONS,
): WalCheckpointer {
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  let state: 'idle' | 'waiting' | 'checkpointing' | 'closed' = 'idle';
  let committedSinceCheckpoint = false;
  let lastCommitAt = 0;
  /** Whether the checkpoint in progress was asked for with the writer quiet (and so may restart the WAL). */
  let askedQuiet = false;
  let timer: NodeJS.Timeout | null = null;

  const request = (message: CheckpointRequest): void => worker?.postMessage(message);

  const checkpoint = (): void => {
    timer = null;
    committedSinceCheckpoint = false;
    state = 'checkpointing';
    askedQuiet = performance.now() - lastCommitAt >= options.delayMs;
    request({ kind: 'checkpoint', quiet: askedQuiet });
  };

  const schedule = (): void => {
    state = 'waiting';
    timer = setTimeout(checkpoint, options.delayMs);
    // A pending checkpoint must not keep the process alive; the last connection's close does one anyway.
    timer.unref();
  };

  const start = (): Worker => {
    const thread = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: {
        driver: sqliteDriver(),
        databasePath,
        busyTimeoutMs: options.busyTimeoutMs,
        restartFrames: options.restartFrames,
        busyRestartFrames: options.busyRestartFrames,
      },
    });
    thread.on('message', (answer: CheckpointAnswer) => {
      options.onCheckpoint?.(answer);
      if (state !== 'checkpointing') return;
      // A checkpoint taken while the writer was busy leaves the WAL long; once the writer has gone quiet, one
      // more is taken so the WAL starts over even if nothing is committed for a long time.
      if (committedSinceCheckpoint || (!askedQuiet && !answer.restarted)) schedule();
      else state = 'idle';
    });
    let failure: unknown = null;
    thread.on('error', (error) => {
      failure = error;
    });
    exited = new Promise((resolve) => {
      thread.once('exit', () => {
        if (timer !== null) clearTimeout(timer);
        if (state !== 'closed') {
          state = 'closed';
          onStopped(failure ?? new Error('the checkpoint thread ended'));
        }
        resolve();
      });
    });
    return thread;
  };

  return {
    noteCommit() {
      if (state === 'closed') return;
      worker ??= start();
      committedSinceCheckpoint = true;
      lastCommitAt = performance.now();
      if (state === 'idle') schedule();
    },
    close() {
      if (state !== 'closed') {
        state = 'closed';
        if (timer !== null) clearTimeout(timer);
        request('close');
      }
      return exited;
    },
  };
}
