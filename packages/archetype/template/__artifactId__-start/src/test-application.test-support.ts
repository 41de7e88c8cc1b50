import {
  configuredTestDatasource,
  createScratchDatabase,
} from '../../__artifactId__-infrastructure/src/database/test-database.test-support.js';
import { type RunningApplication, startApplication } from './application.js';
import { merge } from './config/load-config.js';

export interface TestApplication {
  /** `close` also drops the test's own database. */
  readonly application: RunningApplication;
  /** Every log line written so far, parsed. */
  readonly logLines: () => Record<string, unknown>[];
}

/**
 * The real service on 127.0.0.1 and a free port, logging into memory (and each raw line to `onLine`);
 * `overrides` as in application.yaml.
 * Unless `overrides` names a datasource, it runs on a database of its own, migrated at start-up: in-memory
 * SQLite, or a scratch database on the configured PostgreSQL or MySQL server, dropped on `close`.
 */
export async function startTestApplication(
  overrides: Record<string, unknown> = {},
  onLine?: (line: string) => void,
): Promise<TestApplication> {
  const lines: string[] = [];
  const scratch = overrides.datasource ? undefined : await createScratchDatabase(configuredTestDatasource(), 'api');
  const application = await startApplication({
    profile: '',
    env: {},
    // Merged key by key: a test that sets one server key keeps the free port and the quick shutdown.
    overrides: merge(
      {
        server: { host: '127.0.0.1', port: 0, shutdown: { drainDelay: 0, timeout: 5_000 } },
        ...(scratch ? { datasource: scratch.datasource } : {}),
      },
      overrides,
    ),
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
  return {
    application: {
      ...application,
      async close() {
        await application.close();
        await scratch?.drop();
      },
    },
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
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
