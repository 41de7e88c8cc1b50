import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';

import { type DistributedLockConfig, distributedLockConfigSchema } from './distributed-lock-config.js';
import { DistributedLockError } from './distributed-lock-error.js';
import { HeldLock } from './held-lock.js';
import { tryAcquireLock } from './redis-lock-commands.js';

/** Per-call overrides of the configured `waitTimeMs` and `leaseTimeMs`. */
export type LockOptions = Partial<Pick<DistributedLockConfig, 'waitTimeMs' | 'leaseTimeMs'>>;

const lockOptionsSchema = distributedLockConfigSchema.pick({ waitTimeMs: true, leaseTimeMs: true }).partial();

/** The URL with its password masked, for log lines. */
function shownUrl(url: string): string {
  return url.replace(/\/\/([^@/]*):[^@/]*@/, '//$1:***@');
}

/**
 * Mutual exclusion across every instance of the service that shares one Redis: `withLock(key, work)` runs
 * `work` only while no one else holds `key`. Waiters poll (no queue), so under heavy contention the order in
 * which they get the lock is not first come, first served.
 */
export class DistributedLock {
  private constructor(
    private readonly redis: Redis,
    private readonly config: DistributedLockConfig,
    private readonly log: Logger,
  ) {}

  /**
   * Connects in the background, so the service starts even while Redis is down; locking fails until it is
   * reachable. A command waits for at most one reconnection attempt rather than piling up.
   */
  static connect(config: DistributedLockConfig, log: Logger): DistributedLock {
    const redis = new Redis(config.url, { maxRetriesPerRequest: 1 });
    const url = shownUrl(config.url);
    let reachable = true;
    // Reconnection attempts repeat the same error; one line per outage is enough.
    redis.on('error', (error: Error) => {
      if (reachable) log.warn(`Redis at ${url} is unreachable (${error.message}); locking fails until it is back`);
      reachable = false;
    });
    redis.on('ready', () => {
      if (!reachable) log.info(`Redis at ${url} is reachable again`);
      reachable = true;
    });
    return new DistributedLock(redis, config, log);
  }

  /**
   * Waits up to `waitTimeMs` for the lock `key` (below the configured key prefix), runs `work` while holding
   * it and releases it however `work` ends. Throws `LOCK_TIMEOUT` (HTTP 423) when the wait runs out. `signal`
   * aborts with `LOCK_LOST` if the lock is lost before `work` ends (Redis lost the key or was unreachable for a
   * whole lease); work that must not continue without the lock checks it before each step that needs it.
   */
  async withLock<T>(key: string, work: (signal: AbortSignal) => Promise<T> | T, options: LockOptions = {}): Promise<T> {
    const held = await this.acquire(key, options);
    try {
      return await work(held.signal);
    } finally {
      await held.release();
    }
  }

  /**
   * Closes the connection. The service calls it after the last request has ended; a lock held after that is no
   * longer renewed and frees itself when its lease ends.
   */
  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  private async acquire(name: string, options: LockOptions): Promise<HeldLock> {
    const parsed = lockOptionsSchema.safeParse(options);
    if (!parsed.success) {
      throw new DistributedLockError('CONFIG', `invalid lock options for "${name}":\n${z.prettifyError(parsed.error)}`);
    }
    const { waitTimeMs = this.config.waitTimeMs, leaseTimeMs = this.config.leaseTimeMs } = parsed.data;
    const key = `${this.config.keyPrefix}${name}`;
    const token = randomBytes(16).toString('base64url');
    const deadline = performance.now() + waitTimeMs;
    for (;;) {
      const acquiredAt = Date.now();
      if (await tryAcquireLock(this.redis, key, token, leaseTimeMs)) {
        return new HeldLock({ redis: this.redis, name, key, token, leaseTimeMs, acquiredAt, log: this.log });
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new DistributedLockError(
          'LOCK_TIMEOUT',
          `lock "${name}" is held by someone else and was not released within ${waitTimeMs} ms; try again later`,
        );
      }
      // Half to one and a half retry delays, so waiters that failed together do not all retry together.
      const delay = this.config.retryDelayMs * (0.5 + Math.random());
      await sleep(Math.min(left, delay));
    }
  }
}
