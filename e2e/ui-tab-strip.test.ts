import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './support/browser.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

const ENDPOINTS = 14;
let session: UiSession;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openUiSession();
  ({ browser, page } = session);
  for (let i = 1; i <= ENDPOINTS; i++) {
    const command = `curl https://api.example.com/v1/resources-with-long-names/${i}`;
    await session.app.request('POST', '/agent/curl', { body: { command, name: `Resource with a long name ${i}` } });
  }
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
});

afterAll(() => session?.close());

/** Whether the element lies wholly inside the window. */
async function inView(page: Page, name: string, role: 'button' | 'combobox' = 'button'): Promise<boolean> {
  const box = await page.getByRole(role, { name, exact: true }).first().boundingBox();
  const viewport = page.viewportSize();
  return box !== null && viewport !== null && box.x >= 0 && box.x + box.width <= viewport.width;
}

describe('the tab strip with many endpoints open', () => {
  it.each([
    [1440, 900],
    [1024, 700],
  ])('scrolls instead of pushing Send, Save and the environment switcher off a %i px window', async (width, height) => {
    await page.setViewportSize({ width, height });
    for (let i = 1; i <= ENDPOINTS; i++) {
      await page.getByRole('treeitem', { name: `GET Resource with a long name ${i}`, exact: true }).click();
    }
    const strip = page.getByRole('tablist', { name: 'Open endpoints' });
    await expect.poll(() => strip.getByRole('tab').count()).toBe(ENDPOINTS);
    expect(await inView(page, 'Send')).toBe(true);
    expect(await inView(page, 'Save')).toBe(true);
    expect(await inView(page, 'Environment', 'combobox')).toBe(true);
    const response = await page.getByRole('region', { name: 'Response' }).boundingBox();
    expect(response !== null && response.x + response.width <= width).toBe(true);
    // The active tab, the last one opened, is scrolled into view.
    const active = await strip.getByRole('tab', { selected: true }).boundingBox();
    expect(active !== null && active.x + active.width <= width).toBe(true);
    await browser.screenshot(`ui-tab-strip-${width}`);

    await page.getByRole('button', { name: 'All open tabs' }).click();
    await page.getByRole('menuitem', { name: 'GET Resource with a long name 1', exact: true }).click();
    const first = strip.getByRole('tab', { name: 'GET Resource with a long name 1', exact: true });
    expect(await first.getAttribute('aria-selected')).toBe('true');
    const box = await first.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
  });
});
