import {
  configuredTestDatasource,
  createScratchDatabase,
} from '../../__artifactId__-infrastructure/src/database/test-database.test-support.js';
import { type RunningApplication, startApplication } from './application.js';
import { INSTALLED_TEST_PROFILES } from './capability/installed-test-profiles.test-support.js';
import { merge } from './config/load-config.js';

export interface TestApplication {
  /** `close` also drops the test's own database. */
  readonly application: RunningApplication;
  /** Every log line written so far, parsed. */
  readonly logLines: () => Record<string, unknown>[];
  /**
   * The headers with which a client may call every route: what the installed capabilities ask for (with auth, a
   * bearer token the tests signed, carrying every scope and role the rules name); none without them.
   */
  readonly clientHeaders: Readonly<Record<string, string>>;
  /** `fetch` sending `clientHeaders`, under the request's own headers of the same names. */
  readonly fetch: typeof fetch;
}

/** `fetch` with `headers` added to each request that does not set them itself. */
function fetchWith(headers: Readonly<Record<string, string>>): typeof fetch {
  return (input, init) => {
    const merged = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [name, value] of Object.entries(headers)) if (!merged.has(name)) merged.set(name, value);
    return fetch(input, { ...init, headers: merged });
  };
}

/**
 * The real service on 127.0.0.1 and a free port, logging into memory (and each raw line to `onLine`);
 * `overrides` as in application.yaml, over what the installed capabilities' test profiles configure.
 * Unless `overrides` names a datasource, it runs on a database of its own, migrated at start-up: in-memory
 * SQLite, or a scratch database on the configured PostgreSQL or MySQL server, dropped on `close`.
 */
export async function startTestApplication(
  overrides: Record<string, unknown> = {},
  onLine?: (line: string) => void,
): Promise<TestApplication> {
  const lines: string[] = [];
  const scratch = overrides.datasource ? undefined : await createScratchDatabase(configuredTestDatasource(), 'api');
  const profiles = await Promise.all(INSTALLED_TEST_PROFILES.map((profile) => profile.overrides()));
  const application = await startApplication({
    profile: '',
    env: {},
    // Merged key by key: a test that sets one server key keeps the free port and the quick shutdown.
    overrides: [
      {
        server: { host: '127.0.0.1', port: 0, shutdown: { drainDelay: 0, timeout: 5_000 } },
        ...(scratch ? { datasource: scratch.datasource } : {}),
      },
      ...profiles,
      overrides,
    ].reduce(merge),
    logDestination: {
      write: (line: string) => {
        lines.push(line);
        onLine?.(line);
      },
    },
  }).catch(async (error: unknown) => {
    await scratch?.drop();
    throw error;
  });
  const close = async () => {
    await application.close();
    await scratch?.drop();
  };
  const headers = await Promise.all(
    INSTALLED_TEST_PROFILES.map((profile) => profile.clientHeaders(application.config)),
  ).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const clientHeaders: Record<string, string> = Object.assign({}, ...headers);
  return {
    application: { ...application, close },
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    clientHeaders,
    fetch: fetchWith(clientHeaders),
  };
}

/**
 * An answer's body without the `traceId` every error body carries (checked here to be a trace id), so a test
 * can compare the rest exactly.
 */
export function withoutTraceId<T>(body: T): T {
  if (typeof body !== 'object' || body === null || !('traceId' in body)) return body;
  const { traceId, ...rest } = body as Record<string, unknown>;
  if (typeof traceId !== 'string' || !/^[0-9a-f]{32}$/.test(traceId)) throw new Error(`not a trace id: ${traceId}`);
  return rest as T;
}
