import { defineConfig } from 'vitest/config';

/** Tests import workspace modules from their sources (the `source` export condition): no build needed first. */
const sourceCondition = 'source';

export default defineConfig({
  resolve: { conditions: [sourceCondition, 'module', 'node', 'default'] },
  ssr: { resolve: { conditions: [sourceCondition, 'module', 'node', 'default'] } },
  test: {
    include: ['*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
