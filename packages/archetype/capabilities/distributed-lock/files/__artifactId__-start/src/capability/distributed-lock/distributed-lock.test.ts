import { setTimeout as sleep } from 'node:timers/promises';

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DistributedLock } from './distributed-lock.js';
import type { DistributedLockConfig } from './distributed-lock-config.js';
import { DistributedLockError } from './distributed-lock-error.js';
import { memoryLogger, NO_REDIS, REDIS_URL, testLockConfig } from './redis.test-support.js';

interface Section {
  readonly start: number;
  readonly end: number;
}

/** The rejection of `work`, which must be a DistributedLockError. */
async function lockError(work: Promise<unknown>): Promise<DistributedLockError> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DistributedLockError))
    throw new Error(`expected a DistributedLockError, got ${String(error)}`);
  return error;
}

/** Resolves when `release` is called; lets a test hold a lock exactly as long as it wants. */
function gate(): { opened: Promise<void>; release: () => void } {
  let release = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}

describe.skipIf(NO_REDIS)('DistributedLock against Redis', () => {
  let config: DistributedLockConfig;
  let redis: Redis;
  // Two clients with their own connections, standing for two instances of the service.
  let first: DistributedLock;
  let second: DistributedLock;
  const logged = memoryLogger();

  beforeAll(() => {
    config = testLockConfig();
    redis = new Redis(REDIS_URL);
    first = DistributedLock.connect(config, logged.log);
    second = DistributedLock.connect(config, logged.log);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await redis.quit();
  });

  const redisKey = (name: string) => `${config.keyPrefix}${name}`;

  it('never lets two critical sections on one key overlap, across clients', async () => {
    const sections: Section[] = [];
    let counter = 0;
    const critical = async () => {
      const start = performance.now();
      const seen = counter;
      await sleep(15);
      counter = seen + 1;
      sections.push({ start, end: performance.now() });
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? first : second).withLock('counter', critical)));

    expect(counter).toBe(12);
    const ordered = sections.toSorted((a, b) => a.start - b.start);
    for (let i = 1; i < ordered.length; i++) {
      expect(ordered[i]?.start).toBeGreaterThanOrEqual(ordered[i - 1]?.end as number);
    }
    expect(await redis.exists(redisKey('counter'))).toBe(0);
  });

  it('runs critical sections on different keys at the same time', async () => {
    let active = 0;
    let mostActive = 0;
    const critical = async () => {
      mostActive = Math.max(mostActive, ++active);
      await sleep(50);
      active--;
    };
    await Promise.all(['a', 'b', 'c'].map((key) => first.withLock(`parallel-${key}`, critical)));
    expect(mostActive).toBe(3);
  });

  it('returns what the work returns, and releases the lock when the work throws', async () => {
    expect(await first.withLock('result', () => 42)).toBe(42);
    const failure = first.withLock('result', async () => {
      throw new Error('work failed');
    });
    await expect(failure).rejects.toThrow('work failed');
    expect(await redis.exists(redisKey('result'))).toBe(0);
    expect(await second.withLock('result', () => 'free again', { waitTimeMs: 0 })).toBe('free again');
  });

  it('gives up with LOCK_TIMEOUT (423) when the holder keeps the lock for the whole wait time', async () => {
    const holding = gate();
    const held = first.withLock('busy', () => holding.opened);
    await sleep(20);

    const startedAt = performance.now();
    const error = await lockError(second.withLock('busy', () => 'never', { waitTimeMs: 150 }));
    const waited = performance.now() - startedAt;
    expect(error).toMatchObject({
      code: 'LOCK_TIMEOUT',
      statusCode: 423,
      message: 'lock "busy" is held by someone else and was not released within 150 ms; try again later',
    });
    expect(waited).toBeGreaterThanOrEqual(145);
    expect(waited).toBeLessThan(1000);
    expect((await lockError(second.withLock('busy', () => 'never', { waitTimeMs: 0 }))).code).toBe('LOCK_TIMEOUT');

    holding.release();
    await held;
    expect(await second.withLock('busy', () => 'mine now', { waitTimeMs: 0 })).toBe('mine now');
  });

  it('takes over a lock whose holder died once its lease expires', async () => {
    // A holder that vanished without releasing: its key stays only until its lease ends.
    await redis.set(redisKey('orphan'), 'token-of-a-dead-holder', 'PX', 300);
    const startedAt = performance.now();
    expect(await first.withLock('orphan', () => 'taken over', { waitTimeMs: 2000 })).toBe('taken over');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(250);
  });

  it('gives each lock the configured lease, or the one asked for', async () => {
    const leaseOf = (name: string) => redis.pttl(redisKey(name));
    const configured = await first.withLock('lease', () => leaseOf('lease'));
    expect(configured).toBeGreaterThan(config.leaseTimeMs - 200);
    expect(configured).toBeLessThanOrEqual(config.leaseTimeMs);
    const asked = await first.withLock('lease', () => leaseOf('lease'), { leaseTimeMs: 5000 });
    expect(asked).toBeGreaterThan(4800);
  });

  it('renews the lease while the work runs, so work longer than the lease keeps the lock', async () => {
    const holding = gate();
    // A lease long enough that a busy machine's late timer (a renewal is due every third of it) does not lose it.
    const held = first.withLock('long-work', () => holding.opened, { leaseTimeMs: 1000 });
    await sleep(20);
    // Without renewal the key would expire at 1,000 ms and this waiter would get it.
    const error = await lockError(second.withLock('long-work', () => 'never', { waitTimeMs: 2500 }));
    expect(error.code).toBe('LOCK_TIMEOUT');
    holding.release();
    await held;
  });

  it('aborts the signal with LOCK_LOST when the key is taken over, and leaves the new owner key alone', async () => {
    const lost = await first.withLock(
      'stolen',
      async (signal) => {
        await redis.set(redisKey('stolen'), 'someone-else', 'PX', 5000);
        // The next renewal, a third of the lease from the start, finds the key taken over.
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        return signal.reason as unknown;
      },
      { leaseTimeMs: 150 },
    );
    expect(lost).toBeInstanceOf(DistributedLockError);
    expect(lost).toMatchObject({
      code: 'LOCK_LOST',
      message: 'lock "stolen" expired or was taken over before the work ended',
    });
    expect(await redis.get(redisKey('stolen'))).toBe('someone-else');
    expect(logged.lines().map((line) => line.msg)).toContain(
      'lock "stolen" expired or was taken over before the work ended',
    );
  });

  it('closes its connection on close, after which lock requests fail', async () => {
    const closing = DistributedLock.connect(config, logged.log);
    expect(await closing.withLock('closing', () => 'open')).toBe('open');
    await closing.close();
    await expect(closing.withLock('closing', () => 'never')).rejects.toThrow('Connection is closed');
  });

  it('refuses invalid per-call options with a clear CONFIG error', async () => {
    const error = await lockError(first.withLock('options', () => 1, { waitTimeMs: -1, leaseTimeMs: 10 }));
    expect(error.code).toBe('CONFIG');
    expect(error.message).toContain('invalid lock options for "options"');
    expect(error.message).toContain('leaseTimeMs');
    expect(error.message).toContain('waitTimeMs');
  });
});

describe('DistributedLock without Redis', () => {
  it('fails a lock request instead of waiting for Redis, and logs the outage once', async () => {
    const logged = memoryLogger();
    // Port 1 is reserved and closed: the connection is refused at once.
    const locks = DistributedLock.connect(testLockConfig({ url: 'redis://:secret@127.0.0.1:1' }), logged.log);
    try {
      const startedAt = performance.now();
      await expect(locks.withLock('nowhere', () => 'never')).rejects.toThrow();
      expect(performance.now() - startedAt).toBeLessThan(2000);
      await sleep(300);
      const outage = logged.lines().filter((line) => String(line.msg).includes('unreachable'));
      expect(outage).toHaveLength(1);
      expect(outage[0]?.msg).toMatch(/^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 is unreachable \(.+\); locking fails/);
    } finally {
      await locks.close();
    }
  });
});
