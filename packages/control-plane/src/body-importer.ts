import type { ImportResult } from '@client/core';
import type { AgentHandlers } from './agent-handlers.js';
import type { ImportReader } from './read-import.js';
import { createTurnQueue } from './turn-queue.js';

/** How the import route turns a request body into a saved endpoint. */
export interface BodyImporter {
  /** Resolves once the endpoint is committed; rejects with the AppError of a bad body or a failed write. */
  importBody(body: Uint8Array): Promise<ImportResult>;
}

/**
 * Reads each body with `reader` (off this thread, when it is a reader pool) and saves it here through
 * `handlers.importCurl`. The writes take their turns, so a storm of imports leaves this thread free between two.
 */
export function savingOnThisThread(reader: ImportReader, handlers: AgentHandlers): BodyImporter {
  const writes = createTurnQueue();
  return {
    async importBody(body) {
      const { request, parsed } = await reader.read(body);
      return writes.run(() => handlers.importCurl(request, parsed));
    },
  };
}
