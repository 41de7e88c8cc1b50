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
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findAppBrowser } from './find-app-browser.js';
import { openAppWindow } from './open-app-window.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'client-window-'));
  mkdirSync(join(root, 'data'), { mode: 0o700 });
});

/** The launch pages in the data dir: what the window was given instead of the address. */
const launchPages = (dataDir: string) => readdirSync(dataDir).filter((name) => name.startsWith('ui-open-'));
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A stand-in browser: an executable script that writes its arguments, one per line, next to itself. */
function fakeBrowser(directory: string, name: string): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, name);
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' "$@" > "${path}.args"\n`);
  chmodSync(path, 0o755);
  return path;
}

/** What the stand-in wrote, once it has written it: the shell creates the file before it writes the lines. */
async function argsOf(browser: string): Promise<string[]> {
  const written = () => existsSync(`${browser}.args`) && readFileSync(`${browser}.args`, 'utf8').endsWith('\n');
  await expect.poll(written, { timeout: 5000, interval: 20 }).toBe(true);
  return readFileSync(`${browser}.args`, 'utf8').trimEnd().split('\n');
}

describe('findAppBrowser', () => {
  it('takes the first Chromium-family browser on PATH, in the order of the known names', () => {
    const first = join(root, 'first');
    const second = join(root, 'second');
    fakeBrowser(second, 'chromium');
    const chrome = fakeBrowser(first, 'google-chrome');
    expect(findAppBrowser({ PATH: `${first}:${second}` })).toBe(join(second, 'chromium'));
    expect(findAppBrowser({ PATH: first })).toBe(chrome);
  });

  it('skips files that are not executable and answers null when there is no browser', () => {
    const bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'chromium'), 'not a program');
    expect(findAppBrowser({ PATH: bin })).toBeNull();
  });

  it('uses CLIENT_BROWSER instead of searching, when it is an absolute path to a program', () => {
    const custom = fakeBrowser(join(root, 'custom'), 'my-browser');
    fakeBrowser(join(root, 'bin'), 'chromium');
    expect(findAppBrowser({ PATH: join(root, 'bin'), CLIENT_BROWSER: custom })).toBe(custom);
    expect(findAppBrowser({ PATH: join(root, 'bin'), CLIENT_BROWSER: 'my-browser' })).toBeNull();
  });
});

describe('openAppWindow', () => {
  it('opens an --app window with its own profile under the data dir', async () => {
    const browser = fakeBrowser(join(root, 'bin'), 'chromium');
    const dataDir = join(root, 'data');
    const url = 'http://127.0.0.1:5000/?session=abc';
    const launch = await openAppWindow({ url, dataDir, env: { PATH: join(root, 'bin'), DISPLAY: ':0' } });
    expect(launch).toEqual({ kind: 'app-window', browser });
    const [page] = launchPages(dataDir);
    expect(await argsOf(browser)).toEqual([
      `--app=file://${join(dataDir, page ?? '')}`,
      `--user-data-dir=${join(dataDir, 'window-profile')}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--class=Client',
    ]);
    expect((await argsOf(browser)).join(' ')).not.toContain('session=');
    expect(statSync(join(dataDir, 'window-profile')).mode & 0o777).toBe(0o700);
    const pagePath = join(dataDir, page ?? '');
    expect(statSync(pagePath).mode & 0o777).toBe(0o600);
    expect(readFileSync(pagePath, 'utf8')).toContain(`location.replace("${url}")`);
  });

  it('opens the default browser when no app browser is installed', async () => {
    const opened: string[] = [];
    const launch = await openAppWindow({
      url: 'http://127.0.0.1:5000/?session=abc',
      dataDir: join(root, 'data'),
      env: { PATH: join(root, 'empty'), WAYLAND_DISPLAY: 'wayland-0' },
      openDefault: async (url) => {
        opened.push(url);
      },
    });
    expect(launch).toEqual({ kind: 'default-browser' });
    expect(opened).toHaveLength(1);
    expect(readFileSync(fileURLToPath(opened[0] ?? ''), 'utf8')).toContain('http://127.0.0.1:5000/?session=abc');
  });

  it('opens nothing on a Linux session without a display, unless CLIENT_BROWSER names a program', async () => {
    const browser = fakeBrowser(join(root, 'bin'), 'chromium');
    const url = 'http://127.0.0.1:5000/?session=abc';
    const dataDir = join(root, 'data');
    expect(await openAppWindow({ url, dataDir, env: { PATH: join(root, 'bin') } })).toEqual({ kind: 'no-display' });
    expect(existsSync(`${browser}.args`)).toBe(false);
    const launch = await openAppWindow({ url, dataDir, env: { PATH: join(root, 'bin'), CLIENT_BROWSER: browser } });
    expect(launch).toEqual({ kind: 'app-window', browser });
  });

  it('reports a failure instead of throwing when nothing can open the address', async () => {
    const launch = await openAppWindow({
      url: 'http://127.0.0.1:5000/',
      dataDir: join(root, 'data'),
      env: { PATH: join(root, 'empty'), DISPLAY: ':0' },
      openDefault: async () => {
        throw new Error('xdg-open: no method available');
      },
    });
    expect(launch).toEqual({ kind: 'failed', reason: 'xdg-open: no method available' });
    expect(launchPages(join(root, 'data'))).toEqual([]);
  });
});
