import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, runClientCommand, startAppProcess } from './support/app-process.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { startEchoServer, uiUrlOf } from './support/ui-app.js';

/** Long enough for a live update on a busy machine, short enough that a missing one fails quickly. */
const LIVE_MS = 5000;

let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let echo: Awaited<ReturnType<typeof startEchoServer>>;
let projectId: string;

beforeAll(async () => {
  echo = await startEchoServer();
  app = await startAppProcess();
  browser = await launchBrowser();
  page = browser.page;
  await page.goto(await uiUrlOf(app));
});

afterAll(async () => {
  await browser?.close();
  await cleanupAppProcesses();
  await echo?.close();
});

function toast(text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

describe('the API client in a browser', () => {
  it('opens on an empty data dir with no projects and offers the sample project', async () => {
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: 'Welcome to Client' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create the sample project' }).isVisible()).toBe(true);
    expect((await app.request('GET', '/agent/projects')).json).toEqual([]);
    await browser.screenshot('ui-01-welcome');
  });

  it('creates a project and an endpoint, sends it to a local server and shows the response', async () => {
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Shop');
    await page.getByLabel('Base URL').fill(echo.origin);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Start with a request' }).waitFor();
    projectId = decodeURIComponent(new URL(page.url()).hash.replace('#/projects/', ''));

    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByLabel('Endpoint name').fill('Create order');
    await page.getByLabel('Method').selectOption('POST');
    await page.getByLabel('URL path').fill('/orders?priority=high');
    await page.getByRole('tab', { name: /Body/ }).click();
    await page.getByRole('radio', { name: 'JSON' }).click();
    await page.getByLabel('JSON body').fill('{"item": "book", "quantity": 2}');
    await page.getByRole('img', { name: 'Unsaved changes' }).first().waitFor();
    await page.keyboard.press('Control+s');
    await page.getByRole('button', { name: 'Save' }).and(page.locator(':disabled')).waitFor();

    await page.keyboard.press('Control+Enter');
    await page.getByTestId('response-status').waitFor({ timeout: LIVE_MS });
    expect(await page.getByTestId('response-status').textContent()).toBe('200 OK');
    expect(await page.getByTestId('response-body').textContent()).toContain('"item\\": \\"book\\"');
    expect(echo.received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/orders?priority=high',
      body: '{"item": "book", "quantity": 2}',
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
    });
    const listed = (await app.request('GET', `/agent/endpoints/${projectId}`)).json;
    expect(listed).toEqual([expect.objectContaining({ name: 'Create order', method: 'POST', path: '/orders' })]);
    await browser.screenshot('ui-02-editor-response');
  });

  it('shows an agent’s import in the open project at once, with a toast, without reloading the page', async () => {
    // Evaluated in the page; a full reload would drop the flag.
    await page.evaluate('window.notReloaded = true');
    const answer = await app.request('POST', '/agent/curl', {
      body: {
        command: `curl ${echo.origin}/customers/42 -H 'Accept: application/json'`,
        projectId,
        name: 'Get customer',
      },
    });
    expect(answer.status).toBe(201);
    await page.getByRole('treeitem', { name: 'GET Get customer' }).waitFor({ timeout: LIVE_MS });
    await toast('Imported Get customer from an agent').waitFor({ timeout: LIVE_MS });
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    await browser.screenshot('ui-03-agent-import');
  });

  it('shows nothing for an import into another project', async () => {
    const created = await runClientCommand(['project', 'create', 'Billing'], { dataDir: app.dataDir });
    expect(created.code).toBe(0);
    const billing = JSON.parse(created.stdout) as { projectId: string };
    const elsewhere = await app.request('POST', '/agent/curl', {
      body: {
        command: 'curl https://billing.example.com/invoices',
        projectId: billing.projectId,
        name: 'List invoices',
      },
    });
    expect(elsewhere.status).toBe(201);
    // Events arrive in order: once this later import into the open project shows, the earlier one was seen.
    await app.request('POST', '/agent/curl', {
      body: { command: `curl ${echo.origin}/health`, projectId, name: 'Health' },
    });
    await toast('Imported Health from an agent').waitFor({ timeout: LIVE_MS });
    expect(await page.getByRole('status').textContent()).not.toContain('List invoices');
    expect(await page.getByRole('treeitem', { name: /List invoices/ }).count()).toBe(0);
  });

  it('lists a project created by `client project create` without a reload', async () => {
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByRole('list', { name: 'Projects' }).getByText('Billing', { exact: true }).waitFor();
    const created = await runClientCommand(['project', 'create', 'Payments', '--base-url', 'https://pay.example.com'], {
      dataDir: app.dataDir,
    });
    expect(created.code).toBe(0);
    await page
      .getByRole('list', { name: 'Projects' })
      .getByText('Payments', { exact: true })
      .waitFor({ timeout: LIVE_MS });
    expect(await page.getByText('https://pay.example.com').isVisible()).toBe(true);
    await browser.screenshot('ui-04-projects');
  });

  it('reopens a sent request from the history', async () => {
    await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'History' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: /^Sent / }).waitFor();
    expect(await page.getByTestId('response-status').textContent()).toContain('200');
    expect(await page.getByText(`${echo.origin}/orders?priority=high`).first().isVisible()).toBe(true);
    await browser.screenshot('ui-05-history');
    await page.getByRole('button', { name: 'Open endpoint' }).click();
    expect(await page.getByLabel('Endpoint name').inputValue()).toBe('Create order');
  });
});
