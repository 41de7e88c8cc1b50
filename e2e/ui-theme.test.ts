import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;

beforeAll(async () => {
  session = await openUiSession();
});

afterAll(() => session?.close());

const background = () => session.page.evaluate<string>('getComputedStyle(document.body).backgroundColor');

describe('the theme', () => {
  it('follows the system by default, and keeps a chosen light or dark theme across reloads', async () => {
    const { page, browser } = session;
    await page.getByRole('heading', { name: 'Welcome to Client' }).waitFor();
    const light = await background();
    await page.getByLabel('Theme').selectOption('dark');
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await browser.screenshot('ui-theme-dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Client' }).waitFor();
    await expect.poll(background).toBe(dark);
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');

    await page.getByLabel('Theme').selectOption('system');
    await expect.poll(background).toBe(light);
  });
});
