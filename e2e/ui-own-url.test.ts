import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, runClientCommand } from './support/app-process.js';
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
