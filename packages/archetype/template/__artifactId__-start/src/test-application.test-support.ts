import { type RunningApplication, startApplication } from './application.js';

export interface TestApplication {
  readonly application: RunningApplication;
  /** Every log line written so far, parsed. */
  readonly logLines: () => Record<string, unknown>[];
}

/** The real service on 127.0.0.1 and a free port, logging into memory; `overrides` as in application.yaml. */
export async function startTestApplication(overrides: Record<string, unknown> = {}): Promise<TestApplication> {
  const lines: string[] = [];
  const application = await startApplication({
    profile: '',
    env: {},
    overrides: { server: { host: '127.0.0.1', port: 0 }, ...overrides },
    logDestination: { write: (line: string) => void lines.push(line) },
  });
  return {
    application,
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
