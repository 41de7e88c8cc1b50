import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An empty directory of this run, where the archetype e2e files share one generated project. */
    archetypeWorkDir: string;
  }
}

/**
 * Vitest global setup of the archetype project: a directory for the run, removed at its end. It is only made
 * here; the first file that needs the project generates and installs it there (shared-archetype-project.ts), so
 * the other projects' tests are not held up while `npm install` runs.
 */
export default function archetypeWorkDir(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'archetype-e2e-'));
  project.provide('archetypeWorkDir', dir);
  // Removed without blocking: the installed projects are a great many files, and a synchronous removal held the
  // runner's event loop long enough that it gave up waiting for a test worker to stop.
  return () => rm(dir, { recursive: true, force: true });
}
