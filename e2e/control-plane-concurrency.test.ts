import type { EndpointListing, ImportResult, ProjectListing } from '@client/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';

afterEach(cleanupAppProcesses);

const command = (i: number) => `curl -X POST https://api.example.com/orders/${i} -H 'X-Run: ${i}' -d 'n=${i}'`;

async function listAll(app: AppProcess): Promise<{ projects: ProjectListing[]; endpoints: EndpointListing[] }> {
  const projects = (await app.request('GET', '/agent/projects')).json as ProjectListing[];
  const endpoints: EndpointListing[] = [];
  for (const project of projects) {
    endpoints.push(...((await app.request('GET', `/agent/endpoints/${project.projectId}`)).json as EndpointListing[]));
  }
  return { projects, endpoints };
}

describe('concurrent imports', () => {
  it('turns 60 simultaneous imports on a fresh install into one Agent imports project with 60 endpoints', async () => {
    const app = await startAppProcess();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => app.request('POST', '/agent/curl', { body: { command: command(i) } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(201));
    const results = answers.map((answer) => answer.json as ImportResult);

    const { projects, endpoints } = await listAll(app);
    expect(projects).toEqual([expect.objectContaining({ name: 'Agent imports', endpointCount: 60 })]);
    expect(new Set(results.map((result) => result.projectId))).toEqual(new Set([projects[0]?.projectId]));
    expect(endpoints.map((endpoint) => endpoint.endpointId).sort()).toEqual(
      results.map((result) => result.endpointId).sort(),
    );
    expect(endpoints.map((endpoint) => endpoint.name).sort()).toEqual(
      Array.from({ length: 60 }, (_, i) => String(i)).sort(),
    );
  });

  it('loses no acknowledged import when the app is killed with SIGKILL mid-storm', async () => {
    const app = await startAppProcess();
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    // Workers keep imports in flight until the kill; each records the imports the app answered 201.
    const worker = async (): Promise<void> => {
      while (!killed) {
        const i = sent++;
        try {
          const answer = await app.request('POST', '/agent/curl', { body: { command: command(i) } });
          if (answer.status === 201) acknowledged.push((answer.json as ImportResult).endpointId);
          else throw new Error(`import ${i} answered ${answer.status}: ${answer.text}`);
        } catch (error) {
          if (!killed) throw error;
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          await app.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, worker));
    expect(await app.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const acknowledgedAtKill = [...acknowledged];

    const restarted = await startAppProcess({ dataDir: app.dataDir });
    const { projects, endpoints } = await listAll(restarted);
    expect(projects.map((project) => project.name)).toEqual(['Agent imports']);
    const stored = new Set(endpoints.map((endpoint) => endpoint.endpointId));
    expect(acknowledgedAtKill.filter((endpointId) => !stored.has(endpointId))).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledgedAtKill.length);
    expect(stored.size).toBeLessThanOrEqual(sent);
  });
});
