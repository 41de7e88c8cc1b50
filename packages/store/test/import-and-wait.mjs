// Child process of import-concurrency.test.ts: imports one endpoint with the built package, reports the
// outcome on stdout once the import has returned (the moment an agent gets its answer), then waits to be killed.
import { planEndpoint } from '@client/core';
import { openStore } from '@client/store';

const [path, url] = process.argv.slice(2);
const store = openStore(path);
const planned = planEndpoint({ method: 'GET', url, headers: [], body: null, auth: null, warnings: [] });
const outcome = store.importEndpoint({ planned });
process.stdout.write(`${JSON.stringify({ endpointId: outcome.endpoint.id })}\n`);
setInterval(() => {}, 60_000);
