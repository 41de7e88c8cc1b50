import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAppError } from '@client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportReaderPool, startImportReaderPool } from './import-reader-pool.js';
import { readImport } from './read-import.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const corpusDir = join(repoRoot, 'packages/core/src/curl/corpus');

beforeAll(() => {
  // The threads run the built package (plain Node cannot load TypeScript), so build it first; tsc -b does
  // nothing when the build is up to date, as it is under `npm test`.
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', 'packages/control-plane'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`tsc -b packages/control-plane failed:\n${build.stdout}${build.stderr}`);
}, 120_000);

let pool: ImportReaderPool;
beforeAll(() => {
  pool = startImportReaderPool({ maxWaiting: 256, threads: 2 });
});
afterAll(() => pool.close());

const body = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** What `readImport` does with a body on this thread: its result, or the AppError it threw. */
function readHere(bytes: Uint8Array): unknown {
  try {
    return { read: readImport(bytes) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { refused: error.toJSON() };
  }
}

async function readOnThread(bytes: Uint8Array): Promise<unknown> {
  try {
    return { read: await pool.read(bytes) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { refused: error.toJSON() };
  }
}

describe('the import reader threads', () => {
  it('read every corpus command exactly as readImport does on this thread, refusals included', async () => {
    const cases = ['public.json', 'extra.json'].flatMap(
      (file) => JSON.parse(readFileSync(join(corpusDir, file), 'utf8')) as { id: string; command: string }[],
    );
    const bodies = cases.map(({ id, command }) => body({ command, name: id, project_id: 'p1' }));
    // Read here first: a body handed to a thread is moved there, not copied.
    const here = bodies.map(readHere);
    const onThreads = await Promise.all(bodies.map(readOnThread));
    expect(onThreads).toStrictEqual(here);
    expect(onThreads.filter((answer) => (answer as { refused?: unknown }).refused !== undefined).length).toBe(30);
  });

  it('refuse a body that is not JSON as readImport does', async () => {
    const bytes = new TextEncoder().encode('{"command": "curl');
    const here = readHere(bytes);
    expect(await readOnThread(bytes)).toStrictEqual(here);
  });
});

describe('a control plane started without a reader', () => {
  it('reads imports on threads of its own and, once closed, leaves nothing that keeps the process alive', () => {
    // A separate process, so that a thread left running would keep it alive past the timeout.
    const script = `
      import { parseCurl } from '@client/core';
      import { startControlPlane } from '@client/control-plane';
      const seen = [];
      const plane = await startControlPlane({
        handlers: {
          listProjects: () => [],
          listEndpoints: () => [],
          importCurl(request, parsed) {
            seen.push(JSON.stringify(parsed) === JSON.stringify(parseCurl(${JSON.stringify(WORST_CASE)})));
            return { endpointId: 'e1', projectId: 'p1', folderId: null, name: request.name, method: parsed.method,
              baseUrl: null, path: '/', queryParams: [], state: 'Designing' };
          },
        },
        token: 't', tokenPath: '/t', flavor: 'dev', version: '0.1.0', ports: [0],
      });
      const answer = await fetch(plane.status.address + '/agent/curl', {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ command: ${JSON.stringify(WORST_CASE)}, name: 'worst' }),
      });
      console.log(answer.status, (await answer.json()).method, seen.join());
      await plane.close();
    `;
    const child = spawnSync(process.execPath, ['--input-type=module'], {
      input: script,
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect({ status: child.status, signal: child.signal, stderr: child.stderr }).toEqual({
      status: 0,
      signal: null,
      stderr: '',
    });
    expect(child.stdout).toBe('201 POST true\n');
  }, 60_000);
});

/** A command of the kind that takes a parser longest per byte. */
const WORST_CASE = `curl https://storm.example/escapes --data-raw $'${'\\x41\\n'.repeat(20 * 1024)}'`;
