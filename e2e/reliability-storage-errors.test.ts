import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CLIENT_BIN, cleanupAppProcesses, runClientCommand, startAppProcess } from './support/app-process.js';

afterEach(cleanupAppProcesses);

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
/** File modes bind every account but root; only another account (made with setpriv, as root) meets them. */
const NEEDS_ROOT = 'needs root, to run the app as another account (setpriv --reuid=65534)';
const scratch = mkdtempSync(join(tmpdir(), 'client-e2e-storage-'));
chmodSync(scratch, 0o755);
const mounts: string[] = [];
afterAll(() => {
  for (const mount of mounts) execFileSync('umount', [mount]);
  rmSync(scratch, { recursive: true, force: true });
});

/** A data dir of another account's own, as that account would have it after a first start. */
async function nobodysDataDir(name: string): Promise<string> {
  const dataDir = join(scratch, name);
  mkdirSync(dataDir, { mode: 0o700 });
  chownSync(dataDir, NOBODY, NOBODY);
  const first = runAsNobody(dataDir, ['project', 'list']);
  expect(first.code).toBe(0);
  return dataDir;
}

/** `client` run as the account nobody (root ignores file modes, so only another account meets them). */
function runAsNobody(dataDir: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const command = [
    '--reuid=65534',
    '--regid=65534',
    '--clear-groups',
    'env',
    `PATH=${process.env.PATH ?? ''}`,
    `HOME=${scratch}`,
    `CLIENT_DATA_DIR=${dataDir}`,
    `CLIENT_PORT_RANGE=${process.env.CLIENT_PORT_RANGE ?? ''}`,
    process.execPath,
    CLIENT_BIN,
    ...args,
  ];
  try {
    const stdout = execFileSync('setpriv', command, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function expectOneLine(stderr: string, hint: RegExp): void {
  expect(stderr).toMatch(/^client: [^\n]+\n$/);
  expect(stderr).toMatch(hint);
}

const leftovers = (dataDir: string) => readdirSync(dataDir).filter((name) => name.endsWith('.tmp'));

describe('a data dir this account cannot write', () => {
  it('a read-only client.db: one line naming it, exit 1, nothing left behind', async (context) => {
    if (!isRoot) context.skip(NEEDS_ROOT);
    const dataDir = await nobodysDataDir('read-only-db');
    chmodSync(join(dataDir, 'client.db'), 0o444);

    const result = runAsNobody(dataDir, ['--no-window']);

    expect(result.code).toBe(1);
    expectOneLine(result.stderr, /client\.db cannot be written by this account \(it is read-only, or owned by/);
    expect(leftovers(dataDir)).toEqual([]);
  });

  it('a client.db owned by another account: one line naming it, exit 1', async (context) => {
    if (!isRoot) context.skip(NEEDS_ROOT);
    const dataDir = await nobodysDataDir('foreign-db');
    chownSync(join(dataDir, 'client.db'), 0, 0);

    const result = runAsNobody(dataDir, ['--no-window']);

    expect(result.code).toBe(1);
    expectOneLine(result.stderr, /client\.db cannot be written by this account/);
    expect(leftovers(dataDir)).toEqual([]);
  });

  it('a read-only data dir: one line naming what could not be written, exit 1', async (context) => {
    if (!isRoot) context.skip(NEEDS_ROOT);
    const dataDir = join(scratch, 'read-only-dir');
    mkdirSync(dataDir, { mode: 0o500 });
    chownSync(dataDir, NOBODY, NOBODY);

    const result = runAsNobody(dataDir, ['--no-window']);

    expect(result.code).toBe(1);
    expectOneLine(result.stderr, /read-only-dir\/[^ ]+ cannot be written by this account/);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

/** A small file system of its own (root only): a full disk without filling the machine's. */
function smallDisk(name: string, size: string): string | null {
  const mount = join(scratch, name);
  mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', mount], { stdio: 'ignore' });
  } catch {
    return null;
  }
  mounts.push(mount);
  return mount;
}

/** Writes filler until the file system says it is full. */
function fill(directory: string): void {
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (let index = 0; ; index++) {
    try {
      writeFileSync(join(directory, `filler-${index}`), chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
      throw error;
    }
  }
  // The last file may hold part of a chunk; a few small writes take what is left.
  for (let index = 0; index < 64; index++) {
    try {
      writeFileSync(join(directory, `crumb-${index}`), Buffer.alloc(1024, 1));
    } catch {
      break;
    }
  }
}

describe('a full disk', () => {
  it('at start: one line naming the disk as full, exit 1, and no client.lock temp file left', async (context) => {
    const disk = smallDisk('full-at-start', '1m');
    if (disk === null) context.skip('a tmpfs cannot be mounted here (needs root), so a full disk cannot be made');
    const dataDir = join(disk ?? '', 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    fill(disk ?? '');

    const result = await runClientCommand(['--no-window'], { dataDir });

    expect(result.code).toBe(1);
    expectOneLine(result.stderr, /is full, so nothing more can be saved; free some space/);
    expect(leftovers(dataDir)).toEqual([]);
  });

  it('while running: an import answers 507 STORAGE_FULL, and everything saved before is there after a restart', async (context) => {
    const disk = smallDisk('full-while-running', '4m');
    if (disk === null) context.skip('a tmpfs cannot be mounted here (needs root), so a full disk cannot be made');
    const dataDir = join(disk ?? '', 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const app = await startAppProcess({ dataDir });
    const saved: string[] = [];
    for (let index = 0; index < 3; index++) {
      const answer = await app.request('POST', '/agent/curl', {
        body: { command: `curl https://api.example.com/before/${index}`, name: `before ${index}` },
      });
      expect(answer.status).toBe(201);
      saved.push(`before ${index}`);
    }
    fill(disk ?? '');

    // SQLite may still have room in pages it holds; imports of large bodies soon need more.
    let refusal: { status: number; json: unknown } | null = null;
    for (let index = 0; index < 40 && refusal === null; index++) {
      const answer = await app.request('POST', '/agent/curl', {
        body: {
          command: `curl https://api.example.com/after -d '${'x'.repeat(200_000)}${index}'`,
          name: `after ${index}`,
        },
      });
      if (answer.status === 201) saved.push(`after ${index}`);
      else refusal = answer;
    }
    expect(refusal?.status).toBe(507);
    expect(refusal?.json).toEqual({
      code: 'STORAGE_FULL',
      message: expect.stringMatching(/is full, so nothing more can be saved; free some space and try again/),
    });
    expect((await app.request('GET', '/agent/health')).status).toBe(200);
    await app.stop();

    for (const name of readdirSync(disk ?? '')) {
      if (name.startsWith('filler-') || name.startsWith('crumb-')) rmSync(join(disk ?? '', name));
    }
    const again = await startAppProcess({ dataDir });
    const projects = (await again.request('GET', '/agent/projects')).json as { projectId: string }[];
    const endpoints = (await again.request('GET', `/agent/endpoints/${projects[0]?.projectId}`)).json as {
      name: string;
    }[];
    expect(endpoints.map((endpoint) => endpoint.name).sort()).toEqual([...saved].sort());
  });
});
