import type BetterSqlite3 from 'better-sqlite3';
import type { sqliteDriver } from './sqlite/open-database.js';

/** What the checkpoint thread is started with. */
interface CheckpointThreadData {
  /** The writer's driver (`sqliteDriver()`), so the thread loads the same one. */
  driver: ReturnType<typeof sqliteDriver>;
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
  // Both drivers share what is used here: exec, prepare().get() and close. Neither may create a missing file.
  let db: Pick<BetterSqlite3.Database, 'exec' | 'prepare' | 'close'>;
  if (data.driver === 'node:sqlite') {
    if (!(load('node:fs') as typeof import('node:fs')).existsSync(data.databasePath)) {
      throw Object.assign(new Error(`unable to open database file ${data.databasePath}`), { code: 'SQLITE_CANTOPEN' });
    }
    const { DatabaseSync } = load('node:sqlite') as {
      DatabaseSync: new (path: string, options: { timeout: number }) => typeof db;
    };
    db = new DatabaseSync(data.databasePath, { timeout: data.busyTimeoutMs });
  } else {
    const Database = load(data.driver.betterSqlite3) as typeof BetterSqlite3;
    db = new Database(data.databasePath, { fileMustExist: true, timeout: data.busyTimeoutMs });
  }
  // Syncs the WAL before copying it and the database after, as the writer's own checkpoints did.
  db.exec('PRAGMA synchronous = NORMAL');
  const checkpoint = (mode: 'PASSIVE' | 'RESTART'): CheckpointAnswer => {
    const row = db.prepare(`PRAGMA wal_checkpoint(${mode})`).get() as CheckpointRow | undefined;
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
