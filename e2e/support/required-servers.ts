import type { TestContext } from 'vitest';
import { isListening } from './archetype-process.js';

/** A server a generated project's tests use, at the address its defaults point to. */
export interface RequiredServer {
  readonly name: string;
  readonly port: number;
}

export const POSTGRESQL: RequiredServer = { name: 'PostgreSQL', port: 5432 };
export const MARIADB: RequiredServer = { name: 'MariaDB', port: 3306 };
export const REDIS: RequiredServer = { name: 'Redis', port: 6379 };

export type ServerVerdict =
  | { readonly kind: 'run' }
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'fail'; readonly message: string };

/** Whether the run is a CI run, as CI services announce it (`CI=true`; some set `CI=1`). */
export function isCi(env: NodeJS.ProcessEnv): boolean {
  return env.CI === 'true' || env.CI === '1';
}

/**
 * What a test needing `missing` servers does: run when none is missing; skip, naming each one, on a developer's
 * machine; fail in CI, where a missing server means the pipeline lost its services and skipping would hide it.
 */
export function serverVerdict(missing: ReadonlyArray<RequiredServer>, ci: boolean): ServerVerdict {
  if (missing.length === 0) return { kind: 'run' };
  const absent = missing.map((server) => `${server.name} at 127.0.0.1:${server.port}`).join(', ');
  if (ci) {
    return {
      kind: 'fail',
      message: `CI=true and no server answers: ${absent}; start it (CI runs these tests, it does not skip them)`,
    };
  }
  return { kind: 'skip', reason: `no server answers: ${absent} (start it to run this test; CI requires it)` };
}

/** The servers of `servers` that accept no TCP connection on 127.0.0.1. */
export async function missingServers(servers: ReadonlyArray<RequiredServer>): Promise<RequiredServer[]> {
  const answers = await Promise.all(servers.map((server) => isListening(server.port)));
  return servers.filter((_, index) => !answers[index]);
}

/** Lets the test go on when every server answers; otherwise skips it with the reason, or fails it in CI. */
export async function requireServers(context: TestContext, servers: ReadonlyArray<RequiredServer>): Promise<void> {
  const verdict = serverVerdict(await missingServers(servers), isCi(process.env));
  if (verdict.kind === 'fail') throw new Error(verdict.message);
  if (verdict.kind === 'skip') context.skip(verdict.reason);
}
