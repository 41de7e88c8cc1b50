import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

import { DistributedLockError } from './distributed-lock-error.js';
import { releaseLock, renewLock } from './redis-lock-commands.js';

export interface HeldLockOptions {
  readonly redis: Redis;
  /** The lock's name, for messages. */
  readonly name: string;
  readonly key: string;
  readonly token: string;
  readonly leaseTimeMs: number;
  /** `Date.now()` when the acquiring SET was sent: the key expires no earlier than this plus the lease. */
  readonly acquiredAt: number;
  readonly log: Logger;
}

/**
 * A lock this process holds. Its lease is renewed every third of its length while the work runs, so long work
 * keeps the lock and a holder that dies loses it within one lease. When a renewal finds the key gone or owned
 * by someone else, or cannot reach Redis before the lease runs out, `signal` aborts with `LOCK_LOST`.
 */
export class HeldLock {
  private readonly controller = new AbortController();
  private expiresAt: number;
  private renewal: NodeJS.Timeout;
  private released = false;

  constructor(private readonly options: HeldLockOptions) {
    this.expiresAt = options.acquiredAt + options.leaseTimeMs;
    this.renewal = this.scheduleRenewal();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Deletes the key if it is still ours. Never throws: a key left behind expires with its lease. */
  async release(): Promise<void> {
    this.released = true;
    clearTimeout(this.renewal);
    if (this.signal.aborted) return;
    const { redis, key, token, name, log } = this.options;
    try {
      await releaseLock(redis, key, token);
    } catch (error) {
      const left = Math.max(0, this.expiresAt - Date.now());
      log.warn({ err: error }, `could not release lock "${name}"; it expires within ${left} ms`);
    }
  }

  private scheduleRenewal(): NodeJS.Timeout {
    // unref: a pending renewal alone must not keep the process alive.
    return setTimeout(() => void this.renew(), this.options.leaseTimeMs / 3).unref();
  }

  private async renew(): Promise<void> {
    const { redis, key, token, leaseTimeMs, log, name } = this.options;
    const sentAt = Date.now();
    try {
      const renewed = await renewLock(redis, key, token, leaseTimeMs);
      if (this.released) return;
      if (!renewed) return this.lose('expired or was taken over');
      this.expiresAt = sentAt + leaseTimeMs;
    } catch (error) {
      if (this.released) return;
      if (Date.now() >= this.expiresAt) return this.lose(`could not be renewed (${String(error)})`);
      log.warn({ err: error }, `could not renew lock "${name}"; trying again while its lease lasts`);
    }
    this.renewal = this.scheduleRenewal();
  }

  private lose(reason: string): void {
    const error = new DistributedLockError('LOCK_LOST', `lock "${this.options.name}" ${reason} before the work ended`);
    this.options.log.warn(error.message);
    this.controller.abort(error);
  }
}
