import type BetterSqlite3 from 'better-sqlite3';

/** What the checkpoint thread is started with. */
interface CheckpointThreadData {
  /** Resolved path of better-sqlite3, so the thread loads the same driver as the writer. */
  driverPath: string;
  databasePath: string;
  busyTimeoutMs: number;
  /**
   * A WAL longer than this many frames is also restarted: the writer only starts the WAL over when every frame
   * has been copied, which never happens while it commits during each checkpoint, so under sustained writes the
   * WAL would grow without bound.
   */
  restartFrames: number;
  /**
   * A restart blocks the writer while it runs (milliseconds on a busy WAL), so while the writer keeps committing
   * the WAL is restarted only past this many frames; a quiet writer gets it at `restartFrames`.
   */
  busyRestartFrames: number;
}

/**
 * Asked of the thread: copy the WAL into the database (`quiet` when the writer has not committed for a while),
 * or close the connection and end.
 */
export type CheckpointRequest = { kind: 'checkpoint'; quiet: boolean } | 'close';

/** The thread's answer to `'checkpoint'`: frames in the WAL and frames copied, as `PRAGMA wal_checkpoint` says. */
export interface CheckpointAnswer {
  log: number;
  checkpointed: number;
  /** Whether the WAL was also restarted (which blocks the writer while it runs). */
  restarted: boolean;
}

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

/**
 * The checkpoint thread's program. It runs from its source text (`new Worker(source, { eval: true })`), so it
 * may use nothing of this module, nor `require` by that name (a bundler rewrites it): it loads what it needs
 * through `load`, the thread's own `require`.
 */
export function runCheckpointThread(load: NodeJS.Require): void {
  const { parentPort, workerData } = load('node:worker_threads') as typeof import('node:worker_threads');
  const data = workerData as CheckpointThreadData;
  const Database = load(data.driverPath) as typeof BetterSqlite3;
  const db = new Database(data.databasePath, { fileMustExist: true, timeout: data.busyTimeoutMs });
  // Syncs the WAL before copying it and the database after, as the writer's own checkpoints did.
  db.pragma('synchronous = NORMAL');
  const checkpoint = (mode: 'PASSIVE' | 'RESTART'): CheckpointAnswer => {
    const [row] = db.pragma(`wal_checkpoint(${mode})`) as CheckpointRow[];
    return { log: row?.log ?? 0, checkpointed: row?.checkpointed ?? 0, restarted: mode === 'RESTART' };
  };

  parentPort?.on('message', (request: CheckpointRequest) => {
    if (request === 'close') {
      db.close();
      parentPort.close();
      return;
    }
    const passive = checkpoint('PASSIVE');
    const restartAt = request.quiet ? data.restartFrames : data.busyRestartFrames;
    parentPort.postMessage(passive.log >= restartAt ? checkpoint('RESTART') : passive);
  });
}
