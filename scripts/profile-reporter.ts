import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { slowestFilesLines } from './slowest-files.js';

/** `npm run test:profile`: after the run, the ten test files that took longest, to know where the time goes. */
export default class ProfileReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((module) => {
      const times = module.diagnostic();
      return {
        file: relative(this.root, module.moduleId),
        project: module.project.name,
        // Its import (where a file's slow setup may sit) counts as much as its tests and hooks.
        durationMs:
          times.environmentSetupDuration +
          times.prepareDuration +
          times.setupDuration +
          times.collectDuration +
          times.duration,
      };
    });
    process.stdout.write(`\n${slowestFilesLines(files).join('\n')}\n`);
  }
}
