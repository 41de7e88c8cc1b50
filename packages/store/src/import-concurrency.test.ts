import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { countRows, useTempStores } from './store.test-support.js';

const temp = useTempStores();
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const importWorker = new URL('../test/import-worker.mjs', import.meta.url);
const importAndWait = fileURLToPath(new URL('../test/import-and-wait.mjs', import.meta.url));

// Slots of the shared array, as test/import-worker.mjs reads them.
const OPEN_GATE = 0;
const IMPORT_GATE = 1;
const WAITING = 2;
const OPENED = 3;

beforeAll(() => {
  // The workers and child processes run the built package (plain Node cannot load TypeScript), so build it
  // first; tsc -b does nothing when the build is up to date, as it is under `npm test`.
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', 'packages/store'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`tsc -b packages/store failed:\n${build.stdout}${build.stderr}`);
}, 120_000);

type Report = { projectId: string; createdProject: boolean } | { error: string };

/** Resolves once `count` workers have reached `slot`'s step (each adds one to it). */
const reached = (gate: Int32Array, slot: number, count: number): Promise<void> =>
  vi.waitFor(() => expect(Atomics.load(gate, slot)).toBe(count), { timeout: 60_000, interval: 2 });

function open(gate: Int32Array, slot: number): void {
  Atomics.store(gate, slot, 1);
  Atomics.notify(gate, slot);
}

/** Starts `count` worker threads that open the same new file together, then import together. */
async function raceImports(path: string, count: number): Promise<Report[]> {
  const gates = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
  const gate = new Int32Array(gates);
  const workers = Array.from(
    { length: count },
    (_, index) =>
      new Worker(importWorker, {
        // Plain Node with the default conditions, so the package resolves to its build, not its sources.
        execArgv: [],
        workerData: { path, gates, url: `https://api.test/items/${index}` },
      }),
  );
  const reports = Promise.all(workers.map(async (worker) => (await once(worker, 'message'))[0] as Report));
  const exited = Promise.all(workers.map((worker) => once(worker, 'exit')));
  await Promise.race([reached(gate, WAITING, count), reports]);
  open(gate, OPEN_GATE);
  await Promise.race([reached(gate, OPENED, count), reports]);
  open(gate, IMPORT_GATE);
  const result = await reports;
  await exited;
  return result;
}

describe('concurrent imports', () => {
  it('create exactly one "Agent imports" project when connections race on an empty database', async () => {
    const workers = 6;
    for (let round = 0; round < 4; round++) {
      const path = temp.path(`race-${round}.db`);
      const reports = await raceImports(path, workers);
      expect(reports.filter((report) => 'error' in report)).toEqual([]);
      const projectIds = new Set(reports.map((report) => ('projectId' in report ? report.projectId : null)));
      expect(projectIds.size).toBe(1);
      expect(reports.filter((report) => 'createdProject' in report && report.createdProject).length).toBe(1);
      expect(countRows(path)).toMatchObject({ projects: 1, project_variables: 1, endpoints: workers });
      const store = temp.open(`race-${round}.db`);
      expect(store.listProjectSummaries()).toEqual([
        expect.objectContaining({ name: 'Agent imports', baseUrl: 'https://api.test', endpointCount: workers }),
      ]);
    }
  }, 60_000);

  it('keep an import acknowledged by another process after that process is killed', async () => {
    const child = spawn(process.execPath, [importAndWait, temp.path(), 'https://api.test/orders'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    child.kill('SIGKILL');
    const [, signal] = await once(child, 'exit');
    expect(signal).toBe('SIGKILL');
    const { endpointId } = JSON.parse(line) as { endpointId: string };
    const store = temp.open();
    expect(store.endpoints.get(endpointId)).toMatchObject({ name: 'orders', path: '/orders', state: 'Designing' });
    expect(store.listProjectSummaries()).toEqual([
      expect.objectContaining({ name: 'Agent imports', baseUrl: 'https://api.test', endpointCount: 1 }),
    ]);
  }, 60_000);
});
