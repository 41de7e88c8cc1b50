import { defineConfig } from 'vitest/config';

/**
 * Tests import workspace modules from their sources (the `source` export condition), so no build is needed
 * first. Vite's `module` condition is left out: some packages map it to builds meant for bundlers only.
 */
const conditions = ['source', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Tells the tests which kind of database application.yaml names; each test makes its own database there.
    globalSetup: ['__artifactId__-start/src/test-datasource.test-support.ts'],
  },
});
