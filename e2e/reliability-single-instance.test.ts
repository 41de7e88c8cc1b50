import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  agentRequest,
  cleanupAppProcesses,
  createDataDir,
  startAppProcess,
} from './support/app-process.js';
import { testPorts } from './support/port-range.js';

/*
 * Two `client` processes started at the same moment on one data dir. A second start after the first is ready
 * is pinned in app-lifecycle.test.ts; here they race for the instance lock.
 */
const PORTS = testPorts();
const RACES = 3;

afterEach(cleanupAppProcesses);

/** The ports of this file's block where a control plane accepts `token`: the control planes of that install. */
async function portsAccepting(token: string): Promise<number[]> {
  const answers = await Promise.all(
    PORTS.map(async (port) => {
      try {
        return (await agentRequest(port, 'GET', '/agent/health', { token })).status === 200 ? port : null;
      } catch {
        return null;
      }
    }),
  );
  return answers.filter((port) => port !== null);
}

describe('two clients started at once on one data dir', () => {
  it.each(Array.from({ length: RACES }, (_, race) => race + 1))(
    'run exactly one control plane; the other says where it runs and exits 0 (race %i)',
    async () => {
      const dataDir = createDataDir();
      const [first, second] = await Promise.allSettled([startAppProcess({ dataDir }), startAppProcess({ dataDir })]);
      const started = [first, second].filter((result) => result.status === 'fulfilled').map((result) => result.value);
      const refused = [first, second].filter((result) => result.status === 'rejected').map((result) => result.reason);
      expect([started.length, refused.length]).toEqual([1, 1]);
      const winner = started[0] as AppProcess;

      // The loser found the lock held: it printed who holds it and exited 0 without a control plane of its own.
      const loser = String(refused[0]);
      expect(loser).toContain('exited (code 0, signal null) before it was ready');
      expect(loser).toMatch(
        new RegExp(
          `Client is already running \\(pid ${winner.pid}\\) on data dir ${dataDir}; (its control plane is at http://127\\.0\\.0\\.1:${winner.port}|its control plane is not running)`,
        ),
      );

      expect(await portsAccepting(winner.token)).toEqual([winner.port]);
      expect(JSON.parse(readFileSync(join(dataDir, 'agent.json'), 'utf8'))).toMatchObject({
        pid: winner.pid,
        port: winner.port,
      });
      expect(winner.child.exitCode).toBeNull();
    },
  );
});
