// Runs in a worker thread of import-concurrency.test.ts: opens the database with the built package and
// imports one endpoint. Shared gates hold every worker back until all are ready, so that they open the new
// file at the same moment, and then all import at the same moment.
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '@client/store';

const OPEN_GATE = 0;
const IMPORT_GATE = 1;
const WAITING = 2;
const OPENED = 3;

const { path, gates, url } = workerData;
const gate = new Int32Array(gates);

Atomics.add(gate, WAITING, 1);
Atomics.wait(gate, OPEN_GATE, 0);
let store;
try {
  store = openStore(path);
} catch (error) {
  // Reported like a failed import, so the test names what went wrong instead of losing the worker.
  parentPort.postMessage({ error: `opening: ${error.code ?? error.name}: ${error.message}` });
  Atomics.add(gate, OPENED, 1);
  process.exit(0);
}
Atomics.add(gate, OPENED, 1);
Atomics.wait(gate, IMPORT_GATE, 0);
try {
  const outcome = store.importCurl({ command: `curl ${url}` });
  parentPort.postMessage({ projectId: outcome.endpoint.projectId, createdProject: outcome.createdProject });
} catch (error) {
  parentPort.postMessage({ error: `${error.code ?? error.name}: ${error.message}` });
} finally {
  store.close();
}
