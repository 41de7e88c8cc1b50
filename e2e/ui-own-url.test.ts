import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, runClientCommand } from './support/app-process.js';
import { describeViolations, seriousViolations } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { editorText } from './support/code-editor.js';
import { startEchoServer } from './support/ui-app.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let home: Awaited<ReturnType<typeof startEchoServer>>;
let elsewhere: Awaited<ReturnType<typeof startEchoServer>>;

beforeAll(async () => {
  home = await startEchoServer();
  elsewhere = await startEchoServer();
  session = await openUiSession();
  ({ app, browser, page } = session);
});

afterAll(async () => {
  await session?.close();
  await home?.close();
  await elsewhere?.close();
});

describe('a whole URL typed into the URL field', () => {
  it('is sent where it says, at once, and the base_url chip switches the endpoint back in one click', async () => {
    const created = await runClientCommand(['project', 'create', 'Shop', '--base-url', home.origin], {
      dataDir: app.dataDir,
    });
    expect(created.code).toBe(0);
    await page.reload();
    await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
    await page.getByRole('button', { name: 'New request' }).first().click();

    await page.getByLabel('URL path').fill(`${elsewhere.origin}/typed/path?x=1`);
    // Sent straight from the keyboard, without leaving the field first.
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('response-status').waitFor();
    expect(elsewhere.received.map((request) => request.url)).toEqual(['/typed/path?x=1']);
    expect(home.received).toEqual([]);
    expect(await page.getByTestId('resolved-url').textContent()).toBe(`→ ${elsewhere.origin}/typed/path?x=1`);
    await browser.screenshot('ui-own-url');

    await page.getByRole('button', { name: 'Own URL' }).click();
    expect(await editorText(page.getByLabel('URL path'))).toBe('/typed/path?x=1');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => home.received.map((request) => request.url)).toEqual(['/typed/path?x=1']);
  });

  it('says plainly, not as a success, that a pasted command to another host was saved under base_url', async () => {
    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByLabel('URL path').focus();
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'curl https://api.other.example.com/v1/items');
      document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Import/ })
      .click();
    const toast = page.locator('.toast-warning').filter({ hasText: 'Imported items' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('https://api.other.example.com');
  });
});

/** The page at both window sizes, in the light theme and the dark, with axe's serious findings in `part` in each. */
async function screenshotsAndViolations(name: string, part: string): Promise<string[]> {
  const found: string[] = [];
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await browser.screenshot(`${name}-${width}x${height}-${colorScheme}`);
      found.push(...describeViolations(await seriousViolations(page, part)).map((line) => `${colorScheme}: ${line}`));
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

describe('a URL that starts with a variable holding a whole URL', () => {
  it('is previewed and sent to that host, not after base_url, and "Own URL" does not glue base_url to it', async () => {
    const created = await runClientCommand(['project', 'create', 'Hosts', '--base-url', home.origin], {
      dataDir: app.dataDir,
    });
    expect(created.code).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByRole('list', { name: 'Projects' }).getByText('Hosts', { exact: true }).click();
    await page.getByRole('button', { name: 'Manage environments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await dialog.getByRole('button', { name: 'New environment' }).click();
    await dialog.getByLabel('Environment name').fill('TLS');
    await dialog.getByLabel('Environment name').press('Enter');
    await dialog.getByRole('heading', { name: 'TLS' }).waitFor();
    await dialog.getByLabel('Variable name 1').fill('tls_host');
    await dialog.getByLabel('Variable value 1').fill(elsewhere.origin);
    await dialog.getByRole('button', { name: 'Save variables' }).click();
    await dialog.getByRole('button', { name: 'Save variables' }).and(page.locator(':disabled')).waitFor();
    await page.keyboard.press('Escape');
    await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'TLS' });
    home.received.length = 0;
    elsewhere.received.length = 0;
    await page.getByRole('button', { name: 'New request' }).first().click();

    await page.getByLabel('URL path').fill('{{tls_host}}/echo');
    await page.getByRole('button', { name: 'Own URL' }).waitFor();
    expect(await page.getByTestId('resolved-url').textContent()).toBe(`→ ${elsewhere.origin}/echo`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => elsewhere.received.map((request) => request.url)).toEqual(['/echo']);
    expect(home.received).toEqual([]);
    expect(await screenshotsAndViolations('ui-variable-host', '.url-area')).toEqual([]);

    // Back to base_url: the leading variable gives way, nothing is glued on.
    await page.getByRole('button', { name: 'Own URL' }).click();
    expect(await editorText(page.getByLabel('URL path'))).toBe('/echo');
    expect(await page.getByTestId('resolved-url').textContent()).toBe(`→ ${home.origin}/echo`);
  });
});
