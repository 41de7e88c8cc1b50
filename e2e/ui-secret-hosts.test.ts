import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClientCommand } from './support/app-process.js';
import { describeViolations, seriousViolations } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openUiSession();
  ({ browser, page } = session);
  const created = await runClientCommand(['project', 'create', 'Shop', '--base-url', 'https://API.shop.test/v1'], {
    dataDir: session.app.dataDir,
  });
  expect(created.code, created.stderr).toBe(0);
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
});
afterAll(async () => {
  await session?.close();
});

const dialog = () => page.getByRole('dialog', { name: 'Environments' });
const hostsField = () => dialog().getByRole('textbox', { name: 'Allowed hosts of token' });
const save = async () => {
  await dialog().getByRole('button', { name: 'Save variables' }).click();
  await dialog().getByRole('button', { name: 'Save variables' }).and(page.locator(':disabled')).waitFor();
};

describe("the environment editor's allowed hosts", () => {
  it("shows a new secret's default, keeps an edited list across a reload, and passes axe", async () => {
    await page.getByRole('button', { name: 'Manage environments' }).click();
    await dialog().getByRole('button', { name: 'New environment' }).click();
    await dialog().getByLabel('Environment name').fill('Live');
    await dialog().getByLabel('Environment name').press('Enter');
    await dialog().getByRole('heading', { name: 'Live' }).waitFor();
    await dialog().getByLabel('Variable name 1').fill('token');
    await dialog().getByLabel('Variable value 1').fill('sk-live-ui-0123456789');
    // A plain variable has no list; marking it secret shows the field, empty until saved: the default applies.
    expect(await hostsField().count()).toBe(0);
    await dialog().getByRole('checkbox', { name: 'Secret token' }).check();
    expect(await hostsField().inputValue()).toBe('');
    await save();
    await expect.poll(() => hostsField().inputValue()).toBe('api.shop.test');

    await hostsField().fill('api.shop.test, *.Pay.test:8443');
    await save();
    await expect.poll(() => hostsField().inputValue()).toBe('api.shop.test, *.pay.test:8443');

    // The window reopens on the project it showed.
    await page.reload();
    await page.getByRole('button', { name: 'Manage environments' }).click();
    await dialog().getByRole('heading', { name: 'Live' }).waitFor();
    expect(await hostsField().inputValue()).toBe('api.shop.test, *.pay.test:8443');
    expect(await hostsField().getAttribute('aria-describedby')).not.toBeNull();
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await browser.screenshot(`ui-secret-allowed-hosts-${viewport.width}x${viewport.height}-${colorScheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
  });

  it('refuses a list with something that is not a host, saying which, and keeps the saved one', async () => {
    await hostsField().fill('https://evil.test/path');
    await dialog().getByRole('button', { name: 'Save variables' }).click();
    await expect.poll(() => dialog().getByText('"https://evil.test/path" is not an allowed host').count()).toBe(1);
    // The window reopens on the project it showed.
    await page.reload();
    await page.getByRole('button', { name: 'Manage environments' }).click();
    await dialog().getByRole('heading', { name: 'Live' }).waitFor();
    expect(await hostsField().inputValue()).toBe('api.shop.test, *.pay.test:8443');
  });
});
