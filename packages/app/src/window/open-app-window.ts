import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import open from 'open';
import { findAppBrowser } from './find-app-browser.js';
import { removeLaunchFiles, writeLaunchFile } from './launch-file.js';

/** The window's own browser profile, so it keeps its size and cookies apart from the user's browsing. */
const WINDOW_PROFILE_DIR = 'window-profile';

/**
 * The window's class (X11 WM_CLASS, Wayland app id): the menu entry's `StartupWMClass`, so a desktop groups the
 * window under Client's own entry and icon rather than the browser's.
 */
const WINDOW_CLASS = 'Client';

export type WindowLaunch =
  | { kind: 'app-window'; browser: string }
  | { kind: 'default-browser' }
  /** A Linux or BSD session without X11 or Wayland (a server, a container): there is nowhere to show it. */
  | { kind: 'no-display' }
  | { kind: 'failed'; reason: string };

export interface OpenWindowOptions {
  /** The UI address with its session secret; the window is given a 0600 page that leads there, never the address. */
  url: string;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Opens the URL in the default browser; the `open` package unless given. */
  openDefault?: (url: string) => Promise<void>;
}

function launchDetached(browser: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(browser, args, { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

async function openInDefaultBrowser(url: string): Promise<void> {
  await open(url);
}

function hasDisplay(env: NodeJS.ProcessEnv): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env.DISPLAY) || Boolean(env.WAYLAND_DISPLAY);
}

/**
 * Opens the UI: in a Chromium-family browser's `--app=` window (no tabs or address bar, its own profile
 * under the data dir) when one is installed, else in the default browser; nothing where there is no
 * display. Never throws: the app runs on without a window, and the caller prints the address to open.
 */
export async function openAppWindow(options: OpenWindowOptions): Promise<WindowLaunch> {
  const env = options.env ?? process.env;
  // CLIENT_BROWSER is taken at its word: it may be a program that needs no display.
  if (!env.CLIENT_BROWSER && !hasDisplay(env)) return { kind: 'no-display' };
  let launchUrl: string;
  try {
    launchUrl = writeLaunchFile(options.dataDir, options.url);
  } catch (error) {
    return { kind: 'failed', reason: `the launch page cannot be written (${(error as Error).message})` };
  }
  const browser = findAppBrowser(env);
  if (browser !== null) {
    const profile = join(options.dataDir, WINDOW_PROFILE_DIR);
    try {
      mkdirSync(profile, { recursive: true, mode: 0o700 });
      await launchDetached(browser, [
        `--app=${launchUrl}`,
        `--user-data-dir=${profile}`,
        '--no-first-run',
        '--no-default-browser-check',
        `--class=${WINDOW_CLASS}`,
      ]);
      return { kind: 'app-window', browser };
    } catch {
      // A browser that cannot start (a broken install, a sandbox that refuses) leaves the default browser.
    }
  }
  try {
    await (options.openDefault ?? openInDefaultBrowser)(launchUrl);
    return { kind: 'default-browser' };
  } catch (error) {
    removeLaunchFiles(options.dataDir);
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
