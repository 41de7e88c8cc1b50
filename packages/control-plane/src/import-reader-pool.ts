import { availableParallelism } from 'node:os';
import type { ImportReader, ReadImport } from './read-import.js';
import { createThreadPool, ownMemory } from './thread-pool.js';
import { threadProgram } from './thread-program.js';

export interface ImportReaderPool extends ImportReader {
  /** Ends the threads; a read in progress fails with INTERNAL. Idempotent. */
  close(): Promise<void>;
}

/** One thread leaves a core to the thread answering requests; two keep up with 64 agents at once. */
export function defaultReaderThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

/**
 * Reads import bodies on worker threads, so that a command that takes milliseconds to read (256 KiB of escapes,
 * 1,000 options) never holds the thread that answers health checks, listings and the UI.
 */
export function startImportReaderPool(options: { maxWaiting: number; threads?: number }): ImportReaderPool {
  const pool = createThreadPool<Uint8Array, ReadImport>({
    program: threadProgram('import-reader-thread'),
    threads: options.threads ?? defaultReaderThreads(),
    maxWaiting: options.maxWaiting,
    name: 'the import reader',
    transferOf: ownMemory,
  });
  return {
    read: (body) => pool.run(body),
    close: () => pool.close(),
  };
}
