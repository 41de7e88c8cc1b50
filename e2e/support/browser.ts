import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs; browsers are never downloaded. */
const CHROMIUM_PATH = '/usr/bin/chromium';

/** Screens saved for a person to look at; git-ignored. */
const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../screenshots');

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Saves the page as `screenshots/<name>.png`. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Lets a page script reach another origin past the page's Content-Security-Policy (a bench baseline). */
  bypassCsp?: boolean;
}

/**
 * A headless Chromium with a fresh profile, quiet on the network (no component updates, sync or QUIC),
 * and one page. Playwright takes the profile directory as `launchPersistentContext`'s argument rather than
 * as `--user-data-dir`.
 */
export async function launchBrowser(options: BrowserOptions = {}): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'client-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    viewport: options.viewport ?? { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    bypassCSP: options.bypassCsp === true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async screenshot(name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      // Animations are finished first, so a toast that just appeared is not caught half faded in.
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
