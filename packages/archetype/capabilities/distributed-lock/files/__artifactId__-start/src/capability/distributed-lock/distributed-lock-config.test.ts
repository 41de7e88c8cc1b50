import { describe, expect, it } from 'vitest';

import type { ApplicationConfig } from '../../config/application-config.js';
import { loadConfig } from '../../config/load-config.js';
import { readDistributedLockConfig } from './distributed-lock-config.js';
import { DistributedLockError } from './distributed-lock-error.js';

async function withSection(section: unknown): Promise<ApplicationConfig> {
  const config = await loadConfig({ profile: '', env: {} });
  return { ...config, distributedLock: section };
}

function configError(config: ApplicationConfig): DistributedLockError {
  try {
    readDistributedLockConfig(config);
  } catch (error) {
    if (error instanceof DistributedLockError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('readDistributedLockConfig', () => {
  it('reads the section application.yaml ships with', async () => {
    expect(readDistributedLockConfig(await loadConfig({ profile: '', env: {} }))).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: '__artifactId__:lock:',
      waitTimeMs: 3000,
      leaseTimeMs: 30000,
      retryDelayMs: 50,
    });
  });

  it('says where the section belongs when it is missing', async () => {
    expect(configError(await withSection(undefined))).toMatchObject({
      code: 'CONFIG',
      message: 'application.yaml has no distributedLock section; add it (see README.md)',
    });
  });

  it('names every invalid or unknown key', async () => {
    const error = configError(
      await withSection({
        url: 'http://127.0.0.1:6379',
        keyPrefix: 'p:',
        waitTimeMs: -1,
        leaseTimeMs: 50,
        retryDelayMs: 10,
        waitTime: 3000,
      }),
    );
    expect(error.code).toBe('CONFIG');
    expect(error.message).toMatch(/^invalid distributedLock configuration:\n/);
    for (const problem of ['url', 'must be a redis:// or rediss:// URL', 'waitTimeMs', 'leaseTimeMs', 'waitTime']) {
      expect(error.message).toContain(problem);
    }
  });
});
