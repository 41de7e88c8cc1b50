import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule, Vitest } from 'vitest/node';
import { type SkippedTest, skipReason, summaryLines } from './test-summary.js';

/**
 * Ends every run with the skipped tests and their reasons, then one plain line, `N passed, N failed, N skipped`,
 * that CI reads. A file that fails to load, a failing hook and an unhandled error each count as a failure, so a
 * broken suite cannot look green.
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    const skips: SkippedTest[] = [];
    for (const module of modules) {
      let moduleFailures = 0;
      const file = relative(this.root, module.moduleId);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') moduleFailures++;
        else if (result.state === 'skipped') {
          skips.push({ file, name: test.fullName, reason: skipReason(result.note, test.options.mode) });
        }
      }
      // A file that fails to load or a failing hook fails the module without failing a test.
      if (moduleFailures === 0 && module.state() === 'failed') moduleFailures = 1;
      failed += moduleFailures;
    }
    const lines = summaryLines({ passed, failed, skipped: skips.length }, skips);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
