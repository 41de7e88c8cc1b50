import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let cacheHome: string | null = null;

/**
 * A cache folder of this test file's own (`XDG_CACHE_HOME`), so the programs its tests run (the workspace
 * client-mcp's code cache, the packaged app's compile cache) never write to the person's `~/.cache`. Made at the
 * first call and set in this process's environment for the programs it starts.
 */
export function testCacheHome(): string {
  if (cacheHome === null) {
    cacheHome = mkdtempSync(join(tmpdir(), 'client-e2e-cache-'));
    process.env.XDG_CACHE_HOME = cacheHome;
  }
  return cacheHome;
}

/** Removes the folder `testCacheHome` made, once the file's tests are done. */
export function removeTestCacheHome(): void {
  if (cacheHome !== null) rmSync(cacheHome, { recursive: true, force: true });
}
