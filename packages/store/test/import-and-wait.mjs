// Child process of import-concurrency.test.ts: imports one endpoint with the built package, reports the
// outcome on stdout once the import has returned (the moment an agent gets its answer), then waits to be killed.
import { openStore } from '@client/store';

const [path, url] = process.argv.slice(2);
const store = openStore(path);
const outcome = store.importCurl({ command: `curl ${url}` });
process.stdout.write(`${JSON.stringify({ endpointId: outcome.endpoint.id })}\n`);
setInterval(() => {}, 60_000);
