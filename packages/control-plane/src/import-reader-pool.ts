import { availableParallelism } from 'node:os';
import type { ImportReader, ReadImport } from './read-import.js';
import { createThreadPool } from './thread-pool.js';

export interface ImportReaderPool extends ImportReader {
  /** Ends the threads; a read in progress fails with INTERNAL. Idempotent. */
  close(): Promise<void>;
}

declare global {
  /** The app bundle's own URL: defined at build time in the bundle only (packages/app/scripts/bundle-app.mjs). */
  var __CLIENT_BUNDLE_URL__: string | undefined;
}

/** The threads' program beside the app bundle, where bundle-app.mjs writes it. */
const BUNDLED_PROGRAM = 'import-reader-thread.mjs';

/**
 * The threads' program: in the app bundle, the one bundled beside it; otherwise this package's compiled
 * import-reader-thread.js (so tests, which run this module from its source, need the package built).
 */
function importReaderProgram(): URL {
  const bundle = globalThis.__CLIENT_BUNDLE_URL__;
  return bundle === undefined
    ? new URL('../dist/import-reader-thread.js', import.meta.url)
    : new URL(`./${BUNDLED_PROGRAM}`, bundle);
}

/** One thread leaves a core to the thread answering requests; two keep up with 64 agents at once. */
function defaultReaderThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

/**
 * Reads import bodies on worker threads, so that a command that takes milliseconds to read (256 KiB of escapes,
 * 1,000 options) never holds the thread that answers health checks, listings and the UI.
 */
export function startImportReaderPool(options: { maxWaiting: number; threads?: number }): ImportReaderPool {
  const pool = createThreadPool<Uint8Array, ReadImport>({
    program: importReaderProgram(),
    threads: options.threads ?? defaultReaderThreads(),
    maxWaiting: options.maxWaiting,
    name: 'the import reader',
  });
  return {
    read: (body) => pool.run(body),
    close: () => pool.close(),
  };
}
