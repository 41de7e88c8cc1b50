import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Ends every run with one plain line, `N passed, N failed`, that CI reads. A file that fails to load
 * a failing hook and an unhandled error each count as a failure, so a broken suite cannot look green.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    for (const module of modules) {
      let moduleFailures = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') moduleFailures++;
      }
      // A file that fails to load or a failing hook fails the module without failing a test.
      if (moduleFailures === 0 && module.state() === 'failed') moduleFailures = 1;
      failed += moduleFailures;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
