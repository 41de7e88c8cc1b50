import type { Capability } from './capability.js';

export const distributedLock: Capability = {
  name: 'distributed-lock',
  summary: 'Redis-backed distributed locks for code and routes (needs Redis)',
  module: 'start',
  dependencies: { start: ['ioredis'] },
  registration: { file: 'distributed-lock/distributed-lock-capability', exportName: 'distributedLockCapability' },
  // Its tests run against Redis; in CI (CI=true) a missing Redis fails them instead of skipping them.
  ciServices: `      redis:
        image: redis:7
        ports: ["6379:6379"]
        options: >-
          --health-cmd "redis-cli ping" --health-interval 5s --health-timeout 5s --health-retries 10
`,
};
