import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SuiteSequencer } from './scripts/suite-sequencer.js';

/** Tests read each workspace package from its sources, so a change needs no rebuild to be tested. */
const sourceCondition = 'client-source';

export default defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Two files at a time, whatever the project (vitest's default is one fewer than the cores, one here): the
    // archetype files mostly wait on npm and the compiler, and each e2e file has ports and data dirs of its own.
    maxWorkers: 2,
    // A unit test that starts a server or a process can wait seconds for the CPU on a loaded two-core machine;
    // vitest's five seconds fail it there for no fault of its own. The e2e projects set their own.
    testTimeout: 30_000,
    sequence: { sequencer: SuiteSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/support/**/*.test.ts'],
          exclude: ['packages/ui/**', '**/node_modules/**', 'packages/archetype/template/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['packages/ui/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/archetype*.test.ts', 'e2e/agent-loop.test.ts', 'e2e/support/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll waits for something the app does in its own time (a watcher, a window refresh): on a loaded
          // machine that can take longer than vitest's one second, and a longer wait costs only failing tests.
          expect: { poll: { timeout: 15_000 } },
          // Each file runs its apps on a control-plane port block of its own, beside a bystander app on the
          // ports every Client uses (4110–4129), so a person's own running Client never meets the tests.
          setupFiles: ['e2e/support/isolate-ports.ts'],
          globalSetup: ['e2e/support/bystander-app.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Only `npm run screenshots` runs it: pictures for a person to look at, not a check.
          name: 'screenshots',
          include: process.env.CLIENT_SCREENSHOTS === '1' ? ['e2e/screens/*.screens.ts'] : [],
          passWithNoTests: true,
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 120_000,
          setupFiles: ['e2e/support/isolate-ports.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'archetype',
          // The agent loop runs its Client beside the generated service it shares with these files.
          include: ['e2e/archetype*.test.ts', 'e2e/agent-loop.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 600_000,
          setupFiles: ['e2e/support/isolate-ports.ts'],
          // The files share one generated-and-installed project (support/shared-archetype-project.ts); a test
          // that changes it works on a copy, so the files may run at the same time.
          globalSetup: ['e2e/support/archetype-workdir.ts'],
        },
      },
    ],
  },
});
