import { afterEach, describe, expect, it } from 'vitest';
import { createThreadPool, type ThreadPool, type ThreadPoolOptions } from './thread-pool.js';

type Task =
  | { kind: 'echo'; value: number; delayMs?: number }
  | { kind: 'refuse'; message: string }
  | { kind: 'throw' }
  | { kind: 'exit' }
  | { kind: 'hang' };
interface Echo {
  value: number;
  threadId: number;
}

const program = new URL('../test/pool-program.mjs', import.meta.url);
const pools: ThreadPool<Task, Echo>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function startPool(options: Partial<ThreadPoolOptions<Task>> = {}): ThreadPool<Task, Echo> {
  const pool = createThreadPool<Task, Echo>({ program, threads: 1, maxWaiting: 16, name: 'the test pool', ...options });
  pools.push(pool);
  return pool;
}

const echo = (value: number, delayMs = 0): Task => ({ kind: 'echo', value, delayMs });

describe('createThreadPool', () => {
  it('runs tasks in the order they came and answers each caller with its own result', async () => {
    const pool = startPool();
    const finished: number[] = [];
    const runs = [30, 0, 20, 0, 10].map((delayMs, value) =>
      pool.run(echo(value, delayMs)).then((answer) => {
        finished.push(answer.value);
        return answer;
      }),
    );
    expect([pool.threads, pool.waiting]).toEqual([1, 4]);
    const answers = await Promise.all(runs);
    expect(answers.map((answer) => answer.value)).toEqual([0, 1, 2, 3, 4]);
    expect(finished).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(1);
  });

  it('starts threads only as tasks need them, up to its size', async () => {
    const pool = startPool({ threads: 2 });
    expect(pool.threads).toBe(0);
    const answers = await Promise.all([echo(1, 20), echo(2, 20), echo(3, 20)].map((task) => pool.run(task)));
    expect(answers.map((answer) => answer.value)).toEqual([1, 2, 3]);
    expect(new Set(answers.map((answer) => answer.threadId)).size).toBe(2);
    expect(pool.threads).toBe(2);
  });

  it('passes the AppError a thread answers to its caller, and the thread goes on', async () => {
    const pool = startPool();
    const first = await pool.run(echo(1));
    await expect(pool.run({ kind: 'refuse', message: 'not a curl command' })).rejects.toMatchObject({
      name: 'AppError',
      code: 'VALIDATION',
      message: 'not a curl command',
    });
    expect(await pool.run(echo(2))).toEqual({ value: 2, threadId: first.threadId });
  });

  it.each([
    ['throws', { kind: 'throw' } as const],
    ['exits', { kind: 'exit' } as const],
  ])('answers INTERNAL for the task of a thread that %s, and runs the next task on a new thread', async (_, task) => {
    const pool = startPool();
    const first = await pool.run(echo(1));
    const failed = pool.run(task);
    const next = pool.run(echo(2));
    await expect(failed).rejects.toMatchObject({
      name: 'AppError',
      code: 'INTERNAL',
      message: expect.stringContaining('the test pool stopped while working on this request'),
    });
    const answer = await next;
    expect(answer.value).toBe(2);
    expect(answer.threadId).not.toBe(first.threadId);
    expect(pool.threads).toBe(1);
  });

  it('answers INTERNAL when the program cannot be loaded, without starting threads over and over', async () => {
    const pool = startPool({ program: new URL('../test/no-such-program.mjs', import.meta.url) });
    const runs = [pool.run(echo(1)), pool.run(echo(2))];
    for (const run of runs) await expect(run).rejects.toMatchObject({ code: 'INTERNAL' });
    expect([pool.threads, pool.waiting]).toEqual([0, 0]);
  });

  it('refuses a task beyond maxWaiting with INTERNAL, and takes tasks again once there is room', async () => {
    const pool = startPool({ maxWaiting: 2 });
    const accepted = [pool.run(echo(1, 30)), pool.run(echo(2)), pool.run(echo(3))];
    await expect(pool.run(echo(4))).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'the test pool has 2 requests waiting already; send this one again in a moment',
    });
    expect((await Promise.all(accepted)).map((answer) => answer.value)).toEqual([1, 2, 3]);
    expect((await pool.run(echo(5))).value).toBe(5);
  });

  it('on close fails the task in progress and those waiting, ends its threads and refuses new tasks', async () => {
    const pool = startPool({ threads: 2 });
    const runs = [pool.run({ kind: 'hang' }), pool.run({ kind: 'hang' }), pool.run(echo(1))];
    expect([pool.threads, pool.waiting]).toEqual([2, 1]);
    const [settled] = await Promise.all([Promise.allSettled(runs), pool.close()]);
    const shuttingDown = { code: 'INTERNAL', message: expect.stringContaining('shutting down') };
    expect(settled).toEqual(runs.map(() => ({ status: 'rejected', reason: expect.objectContaining(shuttingDown) })));
    expect(pool.threads).toBe(0);
    await expect(pool.run(echo(2))).rejects.toMatchObject(shuttingDown);
    await pool.close();
  });
});
