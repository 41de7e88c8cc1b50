import type { Capability } from './capability.js';

export const distributedLock: Capability = {
  name: 'distributed-lock',
  summary: 'Redis-backed distributed locks for code and routes (needs Redis)',
  module: 'start',
  dependencies: { start: ['ioredis'] },
  registration: { file: 'distributed-lock/distributed-lock-capability', exportName: 'distributedLockCapability' },
};
