import { copyFileSync, existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckpointAnswer } from './checkpoint-thread.js';
import { openDatabase } from './sqlite/open-database.js';
import { openStore } from './store.js';
import { useTempStores } from './store.test-support.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

const temp = useTempStores();

/** Projects in the database file alone, as it would read with its WAL lost: what checkpoints have copied. */
function projectsInDatabaseFile(path: string): number {
  const copy = `${path}.copy`;
  copyFileSync(path, copy);
  const db = openDatabase(copy, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM projects').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('background checkpoints', () => {
  it('copy committed writes into the database file from another thread, not the writer', async () => {
    openStore(temp.path()).close();
    const store = openStore(temp.path(), { backgroundCheckpoints: true });
    for (let index = 0; index < 5; index++) store.projects.create({ name: `Project ${index}` });
    // The writer's own connection never checkpoints: right after the commits the file alone holds none of them.
    expect(projectsInDatabaseFile(temp.path())).toBe(0);
    await expect.poll(() => projectsInDatabaseFile(temp.path()), { timeout: 5000, interval: 20 }).toBe(5);
    await store.close();
  });

  it('start the WAL over while the writer keeps committing, so its file does not grow with every commit', async () => {
    const path = temp.path();
    openStore(path).close();
    const writer = openDatabase(path);
    writer.pragma('wal_autocheckpoint = 0');
    // The writer that starts the WAL over cuts its file back to this size.
    writer.pragma(`journal_size_limit = ${16 * 4_096}`);
    writer.exec('CREATE TABLE filler (text TEXT NOT NULL)');
    const insert = writer.prepare('INSERT INTO filler (text) VALUES (?)');
    const checkpointer = startWalCheckpointer(path, () => {}, {
      delayMs: 1,
      restartFrames: 64,
      busyRestartFrames: 64,
      busyTimeoutMs: 20,
    });
    const walSize = () => statSync(`${path}-wal`).size;
    let previous = walSize();
    let shrank = false;
    const deadline = Date.now() + 4_000;
    while (!shrank && Date.now() < deadline) {
      for (let commit = 0; commit < 20; commit++) {
        insert.run('x'.repeat(4_000));
        checkpointer.noteCommit();
      }
      const size = walSize();
      shrank = size < previous;
      previous = size;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await checkpointer.close();
    writer.close();
    expect(shrank).toBe(true);
  });

  it('leave a busy writer unblocked below the busy limit, and start the WAL over once the writer is quiet', async () => {
    const path = temp.path();
    openStore(path).close();
    const writer = openDatabase(path);
    writer.pragma('wal_autocheckpoint = 0');
    writer.pragma(`journal_size_limit = ${16 * 4_096}`);
    writer.exec('CREATE TABLE filler (text TEXT NOT NULL)');
    const insert = writer.prepare('INSERT INTO filler (text) VALUES (?)');
    const answers: CheckpointAnswer[] = [];
    const checkpointer = startWalCheckpointer(path, () => {}, {
      delayMs: 20,
      restartFrames: 64,
      busyRestartFrames: 1_000_000,
      busyTimeoutMs: 20,
      onCheckpoint: (answer) => answers.push(answer),
    });
    // Committing without pause past a few checkpoints: each copies frames, none restarts the WAL.
    while (answers.length < 2) {
      for (let commit = 0; commit < 20; commit++) {
        insert.run('x'.repeat(4_000));
        checkpointer.noteCommit();
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(answers.some((answer) => answer.restarted)).toBe(false);
    expect(answers.some((answer) => answer.log >= 64)).toBe(true);
    // Quiet now: the checkpoint that follows restarts it.
    await expect.poll(() => answers.some((answer) => answer.restarted), { timeout: 5000, interval: 20 }).toBe(true);
    await checkpointer.close();
    writer.close();
  }, 20_000);

  it('close once the thread has closed its connection, leaving the writes in the file and no WAL behind', async () => {
    const store = openStore(temp.path(), { backgroundCheckpoints: true });
    store.projects.create({ name: 'Shop' });
    await store.close();
    expect(existsSync(`${temp.path()}-wal`)).toBe(false);
    expect(projectsInDatabaseFile(temp.path())).toBe(1);
  });

  it('hand checkpoints back to the writer when the thread cannot run', async () => {
    const failures: unknown[] = [];
    const checkpointer = startWalCheckpointer(temp.path('missing.db'), (error) => failures.push(error));
    checkpointer.noteCommit();
    await expect.poll(() => failures.length, { timeout: 5000, interval: 20 }).toBe(1);
    expect(failures).toEqual([expect.objectContaining({ code: 'SQLITE_CANTOPEN' })]);
    await checkpointer.close();
  });
});
