import type { Redis } from 'ioredis';

/*
 * The single-instance lock of the Redis documentation ("Distributed Locks with Redis", correct implementation
 * with a single instance): a lock is a key holding a random token of its holder, created only if absent and
 * with an expiry (SET key token NX PX lease), so a holder that dies frees it after the lease. Renewing and
 * releasing check the token and act in one Lua script, atomically: a holder whose lease already ran out and
 * whose key now belongs to someone else can neither extend nor delete that key.
 */

const RENEW_SCRIPT = `
if redis.call("get", KEYS[1]) == ARGV[1] then
  return redis.call("pexpire", KEYS[1], ARGV[2])
end
return 0`;

const RELEASE_SCRIPT = `
if redis.call("get", KEYS[1]) == ARGV[1] then
  return redis.call("del", KEYS[1])
end
return 0`;

/** True when the key did not exist and now holds `token` for `leaseTimeMs`. */
export async function tryAcquireLock(redis: Redis, key: string, token: string, leaseTimeMs: number): Promise<boolean> {
  return (await redis.set(key, token, 'PX', leaseTimeMs, 'NX')) === 'OK';
}

/** True when the key still held `token` and now expires `leaseTimeMs` from now. */
export async function renewLock(redis: Redis, key: string, token: string, leaseTimeMs: number): Promise<boolean> {
  return (await redis.eval(RENEW_SCRIPT, 1, key, token, leaseTimeMs)) === 1;
}

/** True when the key still held `token` and is now gone. */
export async function releaseLock(redis: Redis, key: string, token: string): Promise<boolean> {
  return (await redis.eval(RELEASE_SCRIPT, 1, key, token)) === 1;
}
