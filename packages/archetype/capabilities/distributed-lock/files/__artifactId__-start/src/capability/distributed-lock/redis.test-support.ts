import { randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';

import type { DistributedLockConfig } from './distributed-lock-config.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why Redis cannot be used, or undefined when it answers PING. */
async function redisUnavailable(): Promise<string | undefined> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null, connectTimeout: 2000 });
  // The rejection only says "Connection is closed."; the error event says why (ECONNREFUSED, ...).
  let cause: Error | undefined;
  redis.on('error', (error: Error) => {
    cause = error;
  });
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (error) {
    return (cause ?? (error as Error)).message;
  } finally {
    redis.disconnect();
  }
}

const unavailable = await redisUnavailable();
if (unavailable && (process.env.CI === 'true' || process.env.CI === '1')) {
  // CI starts Redis as a service (.github/workflows/ci.yaml): a missing one means the pipeline lost it, and a
  // skip would hide that behind a green build.
  throw new Error(`CI is set and no Redis answers at ${REDIS_URL} (${unavailable}): the lock tests need it`);
}
if (unavailable) {
  console.warn(`!!! distributed-lock tests against Redis SKIPPED: no Redis at ${REDIS_URL} (${unavailable}) !!!`);
}

/** True when the tests that need Redis must be skipped (never in CI); the reason has been printed once. */
export const NO_REDIS = unavailable !== undefined;

/** A key prefix of its own for every run, so runs never see each other's locks. */
export function uniqueKeyPrefix(): string {
  return `__artifactId__:lock-test:${randomUUID()}:`;
}

export function testLockConfig(overrides: Partial<DistributedLockConfig> = {}): DistributedLockConfig {
  return {
    url: REDIS_URL,
    keyPrefix: uniqueKeyPrefix(),
    waitTimeMs: 2000,
    leaseTimeMs: 1000,
    retryDelayMs: 10,
    ...overrides,
  };
}

/** A logger keeping its lines in memory. */
export function memoryLogger(): { log: Logger; lines: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { log, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
