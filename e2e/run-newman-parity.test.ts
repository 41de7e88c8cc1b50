import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { cleanupAppProcesses, createDataDir } from './support/app-process.js';
import { type ConduitStandIn, startConduitStandIn } from './support/conduit-stand-in.js';
import { type StandIn, startEchoStandIn } from './support/echo-stand-in.js';
import { type ParityRun, rehosted, runClient, runNewman, writeWorkFile } from './support/newman-parity.js';
import {
  chainedCollection,
  scriptingCollection,
  unansweredCollection,
  unresolvedCollection,
} from './support/parity-collections.js';
import { type Difference, expectSameVerdicts } from './support/parity-compare.js';
import { startResourceApiStandIn } from './support/resource-api-stand-in.js';
import { HAS_SHARED, SHARED } from './support/shared-collections.js';

// newman 6 and `client run` run each collection against the same stand-in server, and must reach the same verdicts.
let echo: StandIn;
let conduit: ConduitStandIn;
let resources: StandIn;
let dataDir: string;

beforeAll(async () => {
  [echo, conduit, resources] = await Promise.all([
    startEchoStandIn(),
    startConduitStandIn(),
    startResourceApiStandIn(),
  ]);
  dataDir = createDataDir();
});
afterAll(async () => {
  await cleanupAppProcesses();
  await Promise.all([echo.close(), conduit.close(), resources.close()]);
});

/** Runs `run` with newman, then with `client run` (after `before`, which resets a stand-in), and compares. */
async function compare(run: ParityRun, differences: Difference[] = [], before: () => void = () => undefined) {
  before();
  const newman = await runNewman(run);
  before();
  const client = await runClient(run, dataDir);
  expectSameVerdicts(newman, client, differences);
}

function environmentFile(name: string, values: Record<string, string>): string {
  const entries = Object.entries(values).map(([key, value]) => ({ key, value, enabled: true }));
  return writeWorkFile(`${name}.postman_environment.json`, JSON.stringify({ name, values: entries }));
}

/** An origin nothing listens on: a port taken and let go. */
async function closedOrigin(): Promise<string> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as { port: number };
  await new Promise((resolve) => holder.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('client run and newman 6 agree', () => {
  describe.skipIf(!HAS_SHARED)('on shared collections with scripts', () => {
    it("newman's own echo collection (legacy tests[], responseBody.has, globals, digest and basic auth, cookies, compressed bodies)", async () => {
      const collection = rehosted(
        join(SHARED, 'postman20/newman-echo-v2.postman_collection.json'),
        'https://postman-echo.com',
        echo.origin,
        'newman-echo-v2.postman_collection.json',
      );
      const oauth1 = 'Client does not sign OAuth 1.0 requests: the import leaves that auth out, with a warning';
      await compare({ collection }, [
        {
          item: 'OAuth1.0 Verify Signature',
          assertion: 'response code is 200',
          newman: 'passed',
          client: 'failed',
          why: oauth1,
        },
        {
          item: 'OAuth1.0 Verify Signature',
          assertion: 'Body contains status pass',
          newman: 'passed',
          client: 'failed',
          why: oauth1,
        },
        {
          item: 'Delete Cookies',
          assertion: 'Body does not contain cookie foo2',
          newman: 'failed',
          client: 'passed',
          why: 'a redirect whose answer expires cookies: newman still sends them on the redirected request, Client does not',
        },
      ]);
    });

    it('the RealWorld Conduit collection, against a Conduit stand-in (chained token, slug and comment id)', async () => {
      const environment = environmentFile('Conduit', {
        APIURL: `${conduit.origin}/api`,
        USERNAME: 'parity',
        EMAIL: 'parity@example.com',
        PASSWORD: 'parity-password',
      });
      const collection = join(SHARED, 'postman21/realworld-conduit.postman_collection.json');
      await compare({ collection, environment }, [], () => conduit.reset());
    });
  });

  describe.skipIf(!HAS_SHARED)('on shared collections whose scripts chain ids through the environment', () => {
    it('the TransferWise bank flow: legacy postman.setEnvironmentVariable of tokens and ids, sent in later paths', async () => {
      const collection = rehosted(
        join(SHARED, 'postman21/transferwise-bank-flow.postman_collection.json'),
        'https://www.uuidgenerator.net',
        resources.origin,
        'transferwise-bank-flow.postman_collection.json',
      );
      const environment = environmentFile('TransferWise', {
        host: resources.origin,
        'client-id': 'parity-client',
        'client-secret': 'parity-secret',
        'client-redirect-uri': 'https://example.com/callback',
        'user-id': '42',
      });
      await compare({ collection, environment });
    });
  });

  describe.skipIf(!HAS_SHARED)('on a shared collection whose scripts need what Client leaves out', () => {
    it('the PayPal checkout collection: its shared helper needs Node’s Buffer, so Client never fetches a token', async () => {
      const collection = rehosted(
        join(SHARED, 'postman20/paypal-checkout-flows.json'),
        'https://api-m.sandbox.paypal.com',
        resources.origin,
        'paypal-checkout-flows.json',
      );
      await compare({ collection }, [
        {
          // The collection's pre-request script evals a helper that signs with Buffer.from(…) before it sends
          // pm.sendRequest for a token; token requests themselves skip it.
          item: /^(?!Generate access_token$)/,
          scriptErrors: { newman: [], client: ['prerequest'] },
          why: "Client's sandbox has no Buffer (nor CryptoJS, lodash…): the helper fails with ReferenceError",
        },
        {
          item: 'Capture authorized payment',
          answered: { newman: true, client: false },
          why: 'its :authorization_id path variable has no value: imported as {{authorization_id}}, which nothing defines, so Client does not send it',
        },
      ]);
    });
  });

  describe('on collections written here', () => {
    let chained: string;
    let environment: string;
    beforeAll(() => {
      chained = writeWorkFile('chained.postman_collection.json', JSON.stringify(chainedCollection(echo.origin)));
      environment = environmentFile('Parity', { shadowed: 'environment' });
    });

    it('chained variables with a CSV data file: layers, collection and folder scripts, sendRequest, setNextRequest, failing checks', async () => {
      const data = writeWorkFile('users.csv', 'user,shadowed,n\nann,data-ann,1\nbob,data-bob,2\n');
      await compare({ collection: chained, environment, data });
    });

    it('the same with a JSON data file and more iterations than rows (the last row again)', async () => {
      const rows = [
        { user: 'cy', shadowed: 'data-cy', n: 3 },
        { user: 'di', shadowed: 'data-di', n: 4 },
      ];
      const data = writeWorkFile('users.json', JSON.stringify(rows));
      await compare({ collection: chained, environment, data, iterations: 3 });
    });

    it("more of Postman's API over two iterations: a changed request, scopes, async tests, broken scripts, skipRequest, setNextRequest(null)", async () => {
      const collection = writeWorkFile(
        'scripting.postman_collection.json',
        JSON.stringify(scriptingCollection(echo.origin)),
      );
      await compare({ collection, iterations: 2 }, [
        {
          item: 'Async tests',
          order: 'declared',
          why: 'Client lists a request’s tests in the order they were declared; newman in the order they finished',
        },
      ]);
    });

    it('a request that gets no answer, inside a folder between two that do', async () => {
      const collection = writeWorkFile(
        'unanswered.postman_collection.json',
        JSON.stringify(unansweredCollection(echo.origin, await closedOrigin())),
      );
      await compare({ collection });
    });

    it('a URL with an undefined {{variable}}: newman sends it as written, Client refuses to send it', async () => {
      const collection = writeWorkFile(
        'unresolved.postman_collection.json',
        JSON.stringify(unresolvedCollection(echo.origin)),
      );
      const why =
        'Client does not send a URL with an undefined {{variable}}: the request fails with a message naming it';
      await compare({ collection }, [{ item: 'Unresolved variable', answered: { newman: true, client: false }, why }]);
    });
  });
});
