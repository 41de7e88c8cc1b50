import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from './support/app-process.js';
import type { BrowserSession } from './support/browser.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let server: LocalServer;
let origin: string;
const seen: string[] = [];

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    seen.push(request.url ?? '');
    if (request.url === '/moved') {
      response.writeHead(302, { location: '/here' });
      response.end();
    } else response.end('landed');
  });
  origin = server.origin;
  session = await openUiSession();
  ({ app, browser, page } = session);
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

describe('request settings in the editor', () => {
  it('follow a redirect by default, show it instead when the endpoint turns following off, and time the send', async () => {
    const imported = await app.request('POST', '/agent/curl', {
      body: { command: `curl ${origin}/moved`, name: 'Moved' },
    });
    expect(imported.status).toBe(201);
    await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
    await page.getByRole('treeitem', { name: 'GET Moved' }).click();
    const send = page.getByRole('button', { name: 'Send', exact: true });
    const status = page.getByTestId('response-status');

    await send.click();
    await page.getByText(`Followed redirects to ${origin}/here.`).waitFor();
    expect(await status.textContent()).toBe('200 OK');

    await page.getByRole('tab', { name: /Settings/ }).click();
    await page.getByLabel('Follow redirects').selectOption('off');
    expect(await page.getByRole('tab', { name: /Settings/ }).textContent()).toBe('Settings1');
    seen.length = 0;
    await send.click();
    await expect.poll(() => status.textContent()).toBe('302 Found');
    expect(seen).toEqual(['/moved']);
    await page.keyboard.press('Control+s');
    await page.getByRole('button', { name: 'Save' }).and(page.locator(':disabled')).waitFor();
    await browser.screenshot('ui-request-settings');
    expect(await page.getByLabel('Follow redirects').inputValue()).toBe('off');

    await page.getByRole('tab', { name: 'Timing' }).click();
    const timing = page.getByRole('table', { name: 'Timing' });
    expect(await timing.getByRole('rowheader').allTextContents()).toEqual([
      'DNS lookup',
      'Connect',
      'TLS',
      'Waiting',
      'Download',
      'Total',
    ]);
    await browser.screenshot('ui-response-timing');

    // Saved with the endpoint: a reloaded window opens it with following still off.
    await page.reload();
    await page.getByRole('treeitem', { name: 'GET Moved' }).click();
    await page.getByRole('tab', { name: /Settings/ }).click();
    expect(await page.getByLabel('Follow redirects').inputValue()).toBe('off');
  });
});
