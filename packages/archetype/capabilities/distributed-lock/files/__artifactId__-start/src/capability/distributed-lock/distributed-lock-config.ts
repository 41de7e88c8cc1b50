import { z } from 'zod';

import type { ApplicationConfig } from '../../config/application-config.js';
import { DistributedLockError } from './distributed-lock-error.js';

/** The `distributedLock` section of `application.yaml`; unknown keys are refused, so a typo cannot pass. */
export const distributedLockConfigSchema = z.strictObject({
  url: z.string().regex(/^rediss?:\/\/./, 'must be a redis:// or rediss:// URL'),
  keyPrefix: z.string(),
  waitTimeMs: z.number().int().min(0),
  // The lease is renewed every third of its length while the work runs, so it must leave room for a round trip.
  leaseTimeMs: z.number().int().min(100),
  retryDelayMs: z.number().int().positive(),
});

export type DistributedLockConfig = z.infer<typeof distributedLockConfigSchema>;

export function readDistributedLockConfig(config: ApplicationConfig): DistributedLockConfig {
  const section = config.distributedLock;
  if (section === undefined) {
    throw new DistributedLockError('CONFIG', 'application.yaml has no distributedLock section; add it (see README.md)');
  }
  const result = distributedLockConfigSchema.safeParse(section);
  if (!result.success) {
    throw new DistributedLockError(
      'CONFIG',
      `invalid distributedLock configuration:\n${z.prettifyError(result.error)}`,
    );
  }
  return result.data;
}
