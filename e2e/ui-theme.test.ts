import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataDir, startAppProcess } from './support/app-process.js';
import { uiUrlOf } from './support/ui-app.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;

beforeAll(async () => {
  session = await openUiSession();
});

afterAll(() => session?.close());

const background = () => session.page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
/** The theme select React draws, not the inert one of the screen the app drew into the page before it. */
const themeSelect = () => session.page.locator('.app:not([inert])').getByLabel('Theme');
const pageTheme = () => session.page.evaluate<string>('document.documentElement.dataset.theme ?? "system"');

describe('the theme', () => {
  it('follows the system by default, and keeps a chosen light or dark theme across reloads', async () => {
    const { page, browser } = session;
    await page.getByRole('heading', { name: 'Welcome to Client' }).waitFor();
    const light = await background();
    await themeSelect().selectOption('dark');
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await browser.screenshot('ui-theme-dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Client' }).waitFor();
    await expect.poll(background).toBe(dark);
    expect(await themeSelect().inputValue()).toBe('dark');

    await themeSelect().selectOption('system');
    await expect.poll(background).toBe(light);
  });

  it('keeps a theme chosen just before a reload that reaches the app first', async () => {
    const { page } = session;
    // A fresh start each round: the window's first requests wait while the app builds its routes, so the browser
    // holds the choice's request back for a free connection, and the reload's page is asked for before it.
    const dataDir = createDataDir();
    for (const theme of ['dark', 'light', 'system', 'dark']) {
      const app = await startAppProcess({ dataDir });
      try {
        await page.goto(await uiUrlOf(app));
        await themeSelect().selectOption(theme);
        await page.reload();
        expect(await pageTheme()).toBe(theme);
        expect(await themeSelect().inputValue()).toBe(theme);
      } finally {
        await page.goto('about:blank');
        await app.stop();
      }
    }
  });
});
