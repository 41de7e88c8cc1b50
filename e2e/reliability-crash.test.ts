import { readFileSync, statSync } from 'node:fs';
import type { ImportResult, ProjectListing } from '@client/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  cleanupAppProcesses,
  createDataDir,
  runClientCommand,
  startAppProcess,
} from './support/app-process.js';
import { integrityCheck, storedEndpointIds } from './support/reliability-database.js';

afterAll(cleanupAppProcesses);

const PROJECTS = ['Shop', 'Billing', 'Search'];
const KILLS = 3;
/** Each storm is cut once this many imports were acknowledged, while the workers keep sending. */
const ACKNOWLEDGED_BEFORE_KILL = 120;
const WORKERS = 16;

interface Storm {
  /** endpointId → project name of every import answered 201 before the kill. */
  acknowledged: Map<string, string>;
  sent: number;
}

/** Imports into the projects in turn from `WORKERS` clients at once, and SIGKILLs the app mid-storm. */
async function importUntilKilled(app: AppProcess, projects: readonly ProjectListing[], round: number): Promise<Storm> {
  const acknowledged = new Map<string, string>();
  let sent = 0;
  let killed = false;
  const worker = async (): Promise<void> => {
    while (!killed) {
      const index = sent++;
      const project = projects[index % projects.length] as ProjectListing;
      const command = `curl -X POST https://api.example.com/r${round}/orders/${index} -H 'X-Run: ${index}' -d 'n=${index}'`;
      try {
        const answer = await app.request('POST', '/agent/curl', { body: { command, projectId: project.projectId } });
        if (answer.status !== 201) throw new Error(`import ${index} answered ${answer.status}: ${answer.text}`);
        acknowledged.set((answer.json as ImportResult).endpointId, project.name);
      } catch (error) {
        // Requests cut by the kill fail; any failure before it is a real one.
        if (!killed) throw error;
      }
      if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
        killed = true;
        await app.kill();
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return { acknowledged: new Map(acknowledged), sent };
}

describe('crash safety', () => {
  it('keeps every acknowledged import, an intact database and the same token across SIGKILLs mid-storm', async () => {
    const dataDir = createDataDir();
    for (const name of PROJECTS) {
      expect((await runClientCommand(['project', 'create', name], { dataDir })).code).toBe(0);
    }
    const acknowledged = new Map<string, string>();
    let sent = 0;
    let token: string | null = null;

    const expectEverythingAcknowledged = (when: string): void => {
      // Read beside the restarted app, from the file it recovered: intact, and holding every acknowledged import.
      expect(integrityCheck(dataDir)).toEqual(['ok']);
      const stored = storedEndpointIds(dataDir);
      const missing = [...acknowledged].filter(([id, project]) => !stored.get(project)?.includes(id));
      expect(missing, `acknowledged imports missing ${when}`).toEqual([]);
    };

    for (let round = 0; round < KILLS; round++) {
      const app = await startAppProcess({ dataDir });
      token ??= app.token;
      expect(app.token).toBe(token);
      expectEverythingAcknowledged(`after kill ${round}`);
      const projects = (await app.request('GET', '/agent/projects')).json as ProjectListing[];
      expect(projects.map((project) => project.name).sort()).toEqual([...PROJECTS].sort());

      const storm = await importUntilKilled(app, projects, round);
      expect(await app.exited).toEqual({ code: null, signal: 'SIGKILL' });
      for (const [endpointId, project] of storm.acknowledged) acknowledged.set(endpointId, project);
      sent += storm.sent;
    }

    const restarted = await startAppProcess({ dataDir });
    expectEverythingAcknowledged(`after kill ${KILLS}`);
    expect(restarted.token).toBe(token);
    expect(readFileSync(restarted.tokenPath, 'utf8').trim()).toBe(token);
    expect(statSync(restarted.tokenPath).mode & 0o777).toBe(0o600);
    const listed = (await restarted.request('GET', '/agent/projects')).json as ProjectListing[];
    expect(listed.map((project) => project.name).sort()).toEqual([...PROJECTS].sort());
    const total = listed.reduce((sum, project) => sum + project.endpointCount, 0);
    expect(total).toBeGreaterThanOrEqual(acknowledged.size);
    expect(total).toBeLessThanOrEqual(sent);
    expect(await restarted.stop()).toEqual({ code: 0, signal: null });
    expect(integrityCheck(dataDir)).toEqual(['ok']);
  });
});
