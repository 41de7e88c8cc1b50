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
const cookiesSeen: (string | undefined)[] = [];

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    cookiesSeen.push(request.headers.cookie);
    if (request.url === '/login') response.setHeader('set-cookie', 'sid=e2e-session; Path=/; HttpOnly');
    response.end('ok');
  });
  origin = server.origin;
  session = await openUiSession();
  ({ app, browser, page } = session);
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

describe('cookies', () => {
  it('are kept from a response, sent back, shown, and edited in the project’s jar', async () => {
    await app.request('POST', '/agent/curl', { body: { command: `curl ${origin}/login`, name: 'Log in' } });
    await app.request('POST', '/agent/curl', { body: { command: `curl ${origin}/me`, name: 'Me' } });
    await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
    const send = page.getByRole('button', { name: 'Send', exact: true });
    const status = page.getByTestId('response-status');

    await page.getByRole('treeitem', { name: 'GET Log in' }).click();
    await send.click();
    await status.waitFor();
    await page.getByRole('tab', { name: /Cookies/ }).click();
    const set = page.getByRole('table', { name: 'Cookies this response set' });
    expect(await set.getByRole('rowheader').allTextContents()).toEqual(['sid']);
    await browser.screenshot('ui-response-cookies');

    await page.getByRole('treeitem', { name: 'GET Me' }).click();
    await send.click();
    await expect.poll(() => cookiesSeen.at(-1)).toBe('sid=e2e-session');

    await page.getByRole('tab', { name: /Cookies/ }).click();
    await page.getByRole('button', { name: 'Open the project’s cookie jar' }).click();
    const jar = page.getByRole('dialog', { name: 'Cookies' });
    await jar.getByRole('button', { name: 'Delete sid' }).click();
    await jar.getByText('No cookies yet.').waitFor();
    await jar.getByLabel('Cookie name').fill('lang');
    await jar.getByLabel('Cookie value').fill('fr');
    await jar.getByRole('button', { name: 'Add cookie' }).click();
    await jar.getByRole('table', { name: 'Cookie jar' }).getByRole('rowheader', { name: 'lang' }).waitFor();
    await browser.screenshot('ui-cookie-jar');
    await jar.getByRole('button', { name: 'Done' }).click();

    const before = cookiesSeen.length;
    await send.click();
    await expect.poll(() => cookiesSeen.length).toBe(before + 1);
    expect(cookiesSeen.at(-1)).toBe('lang=fr');
  });
});
