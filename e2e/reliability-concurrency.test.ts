import type { EndpointListing, ImportResult, ProjectListing } from '@client/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AgentAnswer,
  type AppProcess,
  cleanupAppProcesses,
  createDataDir,
  runClientCommand,
  startAppProcess,
} from './support/app-process.js';
import { rowCounts } from './support/reliability-database.js';

afterAll(cleanupAppProcesses);

const PROJECTS = ['Shop', 'Billing', 'Search', 'Admin'];
const PER_TARGET = 40;

async function endpointsOf(app: AppProcess, projectId: string): Promise<EndpointListing[]> {
  return (await app.request('GET', `/agent/endpoints/${projectId}`)).json as EndpointListing[];
}

describe('concurrent imports', () => {
  it('imports 200 requests sent at once into four projects and a fresh install, each exactly once', async () => {
    // An install with four projects (created from the CLI, as a user would), and one that never ran.
    const dataDir = createDataDir();
    for (const name of PROJECTS) {
      expect((await runClientCommand(['project', 'create', name], { dataDir })).code).toBe(0);
    }
    const [busy, fresh] = await Promise.all([startAppProcess({ dataDir }), startAppProcess()]);
    const projects = (await busy.request('GET', '/agent/projects')).json as ProjectListing[];
    expect(projects).toHaveLength(PROJECTS.length);

    const requests: { target: string; answer: Promise<AgentAnswer> }[] = [];
    for (let index = 0; index < PER_TARGET; index++) {
      for (const [slot, project] of projects.entries()) {
        const command = `curl https://api.example.com/${project.name.toLowerCase()}/items/${index}`;
        // camelCase and snake_case alike, as agents send both.
        const body =
          slot % 2 === 0 ? { command, projectId: project.projectId } : { command, project_id: project.projectId };
        requests.push({ target: project.projectId, answer: busy.request('POST', '/agent/curl', { body }) });
      }
      const command = `curl https://fresh.example.com/items/${index}`;
      requests.push({ target: 'fresh', answer: fresh.request('POST', '/agent/curl', { body: { command } }) });
    }
    expect(requests).toHaveLength(200);
    const answers = await Promise.all(requests.map(async ({ target, answer }) => ({ target, answer: await answer })));

    expect(answers.filter(({ answer }) => answer.status !== 201).map(({ answer }) => answer.text)).toEqual([]);
    const results = answers.map(({ target, answer }) => ({ target, result: answer.json as ImportResult }));

    for (const project of projects) {
      const acknowledged = results.filter(({ target }) => target === project.projectId).map(({ result }) => result);
      expect(new Set(acknowledged.map((result) => result.projectId))).toEqual(new Set([project.projectId]));
      const stored = await endpointsOf(busy, project.projectId);
      expect(stored.map((endpoint) => endpoint.endpointId).sort()).toEqual(
        acknowledged.map((result) => result.endpointId).sort(),
      );
      expect(new Set(stored.map((endpoint) => endpoint.path)).size).toBe(PER_TARGET);
    }
    const counted = (await busy.request('GET', '/agent/projects')).json as ProjectListing[];
    expect(counted.map((project) => project.endpointCount)).toEqual(Array(PROJECTS.length).fill(PER_TARGET));
    expect(rowCounts(dataDir)).toMatchObject({ projects: PROJECTS.length, endpoints: PROJECTS.length * PER_TARGET });

    // The fresh install made exactly one "Agent imports" and put all its imports there.
    const freshProjects = (await fresh.request('GET', '/agent/projects')).json as ProjectListing[];
    expect(freshProjects).toEqual([expect.objectContaining({ name: 'Agent imports', endpointCount: PER_TARGET })]);
    const freshResults = results.filter(({ target }) => target === 'fresh').map(({ result }) => result);
    expect(new Set(freshResults.map((result) => result.projectId))).toEqual(new Set([freshProjects[0]?.projectId]));
    const freshStored = await endpointsOf(fresh, freshProjects[0]?.projectId ?? '');
    expect(freshStored.map((endpoint) => endpoint.endpointId).sort()).toEqual(
      freshResults.map((result) => result.endpointId).sort(),
    );
    expect(rowCounts(fresh.dataDir)).toMatchObject({ projects: 1, project_variables: 1, endpoints: PER_TARGET });
  });
});
