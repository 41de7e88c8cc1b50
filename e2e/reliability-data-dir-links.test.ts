import { execFile } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand } from './support/app-process.js';

afterEach(cleanupAppProcesses);

const outside = mkdtempSync(join(tmpdir(), 'client-e2e-outside-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A file outside the data dir, readable by all, that a planted link points at. */
function victim(name: string, content: string): string {
  const path = join(outside, name);
  writeFileSync(path, content);
  chmodSync(path, 0o644);
  return path;
}

/** Starts the real app on `dataDir` and expects it to refuse at once with one readable line. */
async function expectRefusedStart(dataDir: string, hint: RegExp): Promise<void> {
  const result = await runClientCommand(['--no-window'], { dataDir });
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(/^client: [^\n]+\n$/);
  expect(result.stderr).toMatch(hint);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stdout).not.toContain('Control plane:');
}

describe('files the app keeps in its data dir are never followed through a link', () => {
  it('an agent-token that is a link: the app refuses to start, the target keeps its mode and content', async () => {
    const dataDir = createDataDir();
    const target = victim('token-target', 'someone else’s file\n');
    symlinkSync(target, join(dataDir, 'agent-token'));

    await expectRefusedStart(dataDir, /agent-token is a symbolic link, and the app never follows links/);

    expect(modeOf(target)).toBe(0o644);
    expect(readFileSync(target, 'utf8')).toBe('someone else’s file\n');
  });

  it('a client.db that is a link: refused, and a missing target is not created', async () => {
    const dataDir = createDataDir();
    const target = join(outside, 'db-target');
    symlinkSync(target, join(dataDir, 'client.db'));

    await expectRefusedStart(dataDir, /client\.db is a symbolic link/);

    expect(() => statSync(target)).toThrow(/ENOENT/);
  });

  it('a secret-key that is a link: the secret box refuses it, the target keeps its 0644 mode and content', async () => {
    const dataDir = createDataDir();
    const target = victim('key-target', 'not a key\n');
    symlinkSync(target, join(dataDir, 'secret-key'));
    const secrets = pathToFileURL(resolve(import.meta.dirname, '../packages/secrets/dist/index.js')).href;
    // The app opens its secret box in a process without a keychain (no D-Bus session), as on a headless box.
    const script = `import { openSecretBox } from ${JSON.stringify(secrets)};
      try { await openSecretBox({ dataDir: ${JSON.stringify(dataDir)}, flavor: 'dev' }); console.log('opened'); }
      catch (error) { console.log(error.message); }`;
    const env = { PATH: process.env.PATH, HOME: outside };
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env });

    expect(stdout).toMatch(/secret-key is a symbolic link, and the app never follows links/);
    expect(modeOf(target)).toBe(0o644);
    expect(readFileSync(target, 'utf8')).toBe('not a key\n');
  });
});

describe('an agent-token that is a directory', () => {
  it('stops the start with one line naming it, and leaves the directory and the data dir as they were', async () => {
    const dataDir = createDataDir();
    mkdirSync(join(dataDir, 'agent-token'));
    writeFileSync(join(dataDir, 'agent-token', 'kept'), 'x');
    const before = readdirSync(dataDir).sort();

    await expectRefusedStart(dataDir, /agent-token is a directory, not a file; move it out of the data dir/);

    expect(readdirSync(join(dataDir, 'agent-token'))).toEqual(['kept']);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(before.every((name) => readdirSync(dataDir).includes(name))).toBe(true);
  });
});
