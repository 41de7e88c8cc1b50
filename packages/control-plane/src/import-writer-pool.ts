import type { ImportResult } from '@client/core';
import type { BodyImporter } from './body-importer.js';
import { defaultReaderThreads } from './import-reader-pool.js';
import type { EndpointImportedEvent } from './store-handlers.js';
import { createThreadPool, ownMemory } from './thread-pool.js';
import { threadProgram } from './thread-program.js';

/** What a writer thread is started with. */
export interface ImportWriterData {
  databasePath: string;
}

/** A writer thread's answer: what the agent gets, and what the app announces to the window. */
export interface WrittenImport {
  result: ImportResult;
  imported: EndpointImportedEvent;
}

export interface ImportWriterPool extends BodyImporter {
  /** Ends the threads; an import in progress fails with INTERNAL (its transaction rolls back). Idempotent. */
  close(): Promise<void>;
}

export interface ImportWriterOptions {
  /** The app's SQLite file; each thread opens a connection of its own to it. */
  databasePath: string;
  maxWaiting: number;
  threads?: number;
  /** Called on this thread after each committed import; the app relays it to the UI. */
  onEndpointImported?: (event: EndpointImportedEvent) => void;
}

/**
 * Reads, parses and saves agents' imports on worker threads with connections of their own, so that neither the
 * parse nor the transaction nor the garbage of a 256 KiB command lands on the thread that answers health checks,
 * listings and the UI: it only passes the body's bytes on and gets a summary back.
 */
export function startImportWriterPool(options: ImportWriterOptions): ImportWriterPool {
  const pool = createThreadPool<Uint8Array, WrittenImport>({
    program: threadProgram('import-writer-thread'),
    threads: options.threads ?? defaultReaderThreads(),
    maxWaiting: options.maxWaiting,
    name: 'the import writer',
    workerData: { databasePath: options.databasePath } satisfies ImportWriterData,
    transferOf: ownMemory,
  });
  return {
    async importBody(body) {
      const { result, imported } = await pool.run(body);
      options.onEndpointImported?.(imported);
      return result;
    },
    close: () => pool.close(),
  };
}
