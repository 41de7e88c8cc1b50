import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh directory under the system temp dir, removed after the test file. */
export function scratchDirectory(prefix: string): () => string {
  const created: string[] = [];
  afterAll(() => {
    for (const directory of created) rmSync(directory, { recursive: true, force: true });
  });
  return () => {
    const directory = mkdtempSync(join(tmpdir(), prefix));
    created.push(directory);
    return directory;
  };
}
