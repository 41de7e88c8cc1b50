import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, runClientCommand, startAppProcess } from './support/app-process.js';
import { uiUrlOf } from './support/ui-app.js';

let scratch: string;
let browser: string;

/** Each launch of the stand-in browser appends its arguments, tab-separated, as one line. */
function launches(): string[][] {
  const log = `${browser}.log`;
  // Whole lines only: the stand-in's shell makes the file before it writes the line.
  const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => line.split('\t'));
}

async function waitForLaunches(count: number): Promise<string[][]> {
  await expect.poll(() => launches().length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  return launches();
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'client-window-e2e-'));
  browser = join(scratch, 'fake-chromium');
  writeFileSync(browser, `#!/bin/sh\n(IFS="$(printf '\\t')"; echo "$*") >> "${browser}.log"\n`);
  chmodSync(browser, 0o755);
});

afterAll(async () => {
  await cleanupAppProcesses();
  rmSync(scratch, { recursive: true, force: true });
});

/** The launch page a window was opened on (its `--app=file://…` argument). */
function launchPageOf(args: string[] | undefined): string {
  const app = args?.[0] ?? '';
  expect(app).toMatch(/^--app=file:\/\/.*\/ui-open-[0-9a-f]{24}\.html$/);
  return fileURLToPath(app.slice('--app='.length));
}

/** Every process's command line and environment this account can read, as one text. */
function everyProcessArgvAndEnv(): string {
  let seen = '';
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    for (const file of ['cmdline', 'environ']) {
      try {
        seen += readFileSync(`/proc/${pid}/${file}`, 'latin1');
      } catch {
        // Gone, or not ours to read.
      }
    }
  }
  return seen;
}

describe('the session secret', () => {
  it('is in no process’s command line or environment; the window gets a 0600 page that is gone once it served', async () => {
    const app = await startAppProcess({ args: [], env: { CLIENT_BROWSER: browser } });
    const url = await uiUrlOf(app);
    const secret = new URL(url).searchParams.get('session') ?? '';
    expect(secret).toHaveLength(43);
    const page = launchPageOf((await waitForLaunches(launches().length + 1)).at(-1));

    expect(everyProcessArgvAndEnv()).not.toContain(secret);
    expect(launches().flat().join(' ')).not.toContain(secret);
    expect(statSync(page).mode & 0o777).toBe(0o600);

    // What the window does with the page: it follows it to the UI address, which opens the session.
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(existsSync(page)).toBe(false);
  });
});

describe('the app window', () => {
  it('opens the printed UI address in an --app window with its own profile, and a second start opens another', async () => {
    const before = launches().length;
    const app = await startAppProcess({ args: [], env: { CLIENT_BROWSER: browser } });
    const url = await uiUrlOf(app);
    const first = (await waitForLaunches(before + 1))[before];
    const page = launchPageOf(first);
    expect(first).toEqual([
      `--app=${pathToFileURL(page).href}`,
      `--user-data-dir=${join(app.dataDir, 'window-profile')}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--class=Client',
    ]);
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(readFileSync(page, 'utf8')).toContain(`location.replace("${url}")`);
    expect(app.stdout()).toContain(`Window: opened with ${browser}\n`);

    const second = await runClientCommand([], { dataDir: app.dataDir, env: { CLIENT_BROWSER: browser } });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(
      [
        `Client is already running (pid ${app.pid}) on data dir ${app.dataDir}; its control plane is at ${app.address}`,
        `UI: ${url}`,
        `Window: opened with ${browser}`,
        '',
      ].join('\n'),
    );
    const secondPage = launchPageOf((await waitForLaunches(before + 2))[before + 1]);
    expect(readFileSync(secondPage, 'utf8')).toContain(url);

    const headless = await runClientCommand(['--no-window'], {
      dataDir: app.dataDir,
      env: { CLIENT_BROWSER: browser },
    });
    expect(headless.stdout).toContain(`UI: ${url}\n`);
    expect(headless.stdout).not.toContain('Window:');
    expect(launches()).toHaveLength(before + 2);

    const uiJson = join(app.dataDir, 'ui.json');
    expect(JSON.parse(readFileSync(uiJson, 'utf8'))).toEqual({ pid: app.pid, url });
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    expect(existsSync(uiJson)).toBe(false);
  });

  it('prints the UI address with --no-window and opens nothing', async () => {
    const app = await startAppProcess({ args: ['--no-window'], env: { CLIENT_BROWSER: browser } });
    const before = launches().length;
    const url = await uiUrlOf(app);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?session=[A-Za-z0-9_-]{43}$/);
    // Once the app has exited, everything it would have printed or launched has happened.
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    expect(app.stdout()).not.toContain('Window:');
    expect(launches()).toHaveLength(before);
  });
});
