import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAppError } from '@client/core';
import { openStore, type Store } from '@client/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportWriterPool, startImportWriterPool } from './import-writer-pool.js';
import type { EndpointImportedEvent } from './store-handlers.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

beforeAll(() => {
  // The threads run the built package (plain Node cannot load TypeScript), so build it first; tsc -b does
  // nothing when the build is up to date, as it is under `npm test`.
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', 'packages/control-plane'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`tsc -b packages/control-plane failed:\n${build.stdout}${build.stderr}`);
}, 120_000);

let dir: string;
let store: Store;
let pool: ImportWriterPool;
const announced: EndpointImportedEvent[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-writer-'));
  const databasePath = join(dir, 'client.db');
  // The app's own connection: it creates the schema the threads' connections find.
  store = openStore(databasePath);
  pool = startImportWriterPool({
    databasePath,
    maxWaiting: 64,
    threads: 2,
    onEndpointImported: (event) => announced.push(event),
  });
});
afterAll(async () => {
  await pool.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const body = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('the import writer threads', () => {
  it('save what they read, as the app’s own connection then lists it, and announce each import here', async () => {
    const commands = Array.from(
      { length: 12 },
      (_, index) => `curl https://api.example.com/items/${index} -d 'n=${index}'`,
    );
    const results = await Promise.all(
      commands.map((command, index) => pool.importBody(body({ command, name: `item ${index}` }))),
    );
    // Twelve imports on two threads with no project given all land in the one project the first created.
    const projects = store.projects.list();
    expect(projects).toHaveLength(1);
    const projectId = projects[0]?.id;
    expect(new Set(results.map((result) => result.projectId))).toEqual(new Set([projectId]));
    const saved = store.endpoints.list(projectId ?? '');
    expect(saved.map((endpoint) => endpoint.name).sort()).toEqual(commands.map((_, index) => `item ${index}`).sort());
    expect(saved.find((endpoint) => endpoint.name === 'item 3')?.body).toEqual({
      mode: 'urlencoded',
      fields: [{ key: 'n', value: '3' }],
    });
    expect(announced.map((event) => event.endpointId).sort()).toEqual(
      results.map((result) => result.endpointId).sort(),
    );
  });

  it('answer a bad body with the AppError readImport throws, and save nothing', async () => {
    const before = store.projects.list().length;
    const refusal = await pool.importBody(body({ command: 'wget https://api.example.com' })).catch((error) => error);
    expect(isAppError(refusal) && refusal.code).toBe('VALIDATION');
    const missing = await pool
      .importBody(body({ command: 'curl https://api.example.com', projectId: 'no-such-project' }))
      .catch((error) => error);
    expect(isAppError(missing) && missing.code).toBe('NOT_FOUND');
    expect(store.projects.list()).toHaveLength(before);
  });
});
