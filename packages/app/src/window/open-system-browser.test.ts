import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeLaunchFiles, writeLaunchFile } from './launch-file.js';
import { openSystemBrowser } from './open-system-browser.js';

const AUTHORIZE = 'https://id.example.com/authorize?state=st4te-value&code_challenge=ch4llenge&redirect_uri=x';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A data dir, and a `BROWSER` program that writes its arguments where the test reads them. */
function setUp() {
  root = mkdtempSync(join(tmpdir(), 'client-system-browser-'));
  const dataDir = join(root, 'data');
  const args = join(root, 'args.txt');
  const program = join(root, 'browser.sh');
  writeFileSync(program, `#!/bin/sh\nprintf '%s\\n' "$@" > '${args}.part' && mv '${args}.part' '${args}'\n`);
  chmodSync(program, 0o755);
  mkdirSync(dataDir, { mode: 0o700 });
  return { dataDir, args, program };
}

describe('openSystemBrowser', () => {
  it('gives the browser a 0600 launch page in the data dir, never the URL, and removes it when told', async () => {
    const { dataDir, args, program } = setUp();
    const remove = await openSystemBrowser(dataDir, AUTHORIZE, { BROWSER: program });
    await vi.waitFor(() => expect(existsSync(args)).toBe(true));
    const [given, ...rest] = readFileSync(args, 'utf8').trim().split('\n');
    expect(rest).toEqual([]);
    expect(given).toMatch(/^file:\/\/\/.*\/sign-in-open-[0-9a-f]{24}\.html$/);
    const page = fileURLToPath(given ?? '');
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(readFileSync(page, 'utf8')).toContain(`location.replace(${JSON.stringify(AUTHORIZE)})`);

    remove();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('removes the page at once when the browser cannot start', async () => {
    const { dataDir } = setUp();
    await expect(openSystemBrowser(dataDir, AUTHORIZE, { BROWSER: join(root, 'no-such-browser') })).rejects.toThrow();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('keeps a sign-in’s page when the window’s session starts, and removes it when the app starts or stops', async () => {
    const { dataDir, program } = setUp();
    await openSystemBrowser(dataDir, AUTHORIZE, { BROWSER: program });
    writeLaunchFile(dataDir, 'http://127.0.0.1:4000/#secret');
    removeLaunchFiles(dataDir);
    expect(readdirSync(dataDir)).toEqual([expect.stringMatching(/^sign-in-open-/)]);
    removeLaunchFiles(dataDir, 'all');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
