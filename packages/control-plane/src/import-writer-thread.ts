// The program of the control plane's import writer threads (see import-writer-pool.ts).
import { workerData } from 'node:worker_threads';
import { storageErrorOf } from '@client/core';
import { openStore } from '@client/store';
import type { ImportWriterData, WrittenImport } from './import-writer-pool.js';
import { readImport } from './read-import.js';
import { storeHandlers } from './store-handlers.js';
import { answerTasks } from './thread-tasks.js';

const WRITER_PAGE_CACHE_KIB = 256;

const { databasePath } = workerData as ImportWriterData;
// A connection of its own: the same import code path and transaction as the app's, committed from this thread.
// An import reads a few index pages and appends; the driver's default 16 MB page cache held pages the OS caches anyway.
const store = openStore(databasePath, { pageCacheKiB: WRITER_PAGE_CACHE_KIB });

let imported: WrittenImport['imported'] | undefined;
const handlers = storeHandlers(store, {
  onEndpointImported: (event) => {
    imported = event;
  },
});

answerTasks((body: Uint8Array): WrittenImport => {
  imported = undefined;
  const { request, parsed } = readImport(body);
  let result: WrittenImport['result'];
  try {
    result = handlers.importCurl(request, parsed);
  } catch (error) {
    // A full or read-only disk is an answer to the agent (507), as on the app's thread; anything else ends the thread.
    throw storageErrorOf(error) ?? error;
  }
  if (imported === undefined) throw new Error('the import committed without announcing its endpoint');
  return { result, imported };
});
