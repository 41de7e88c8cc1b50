import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, runClientCommand } from './support/app-process.js';
import { describeViolations, seriousViolations } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { editorText } from './support/code-editor.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let server: LocalServer;
let ui: UiApi;
let projectId: string;
let endpointId: string;

const USER = JSON.stringify({ id: 7, name: 'Ada' });

beforeAll(async () => {
  server = await startLocalServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-trace', 'abc123');
    response.end(USER);
  });
  session = await openUiSession({ clipboard: true });
  ({ app, browser, page } = session);
  ui = await openUiApi(app);
  const created = await runClientCommand(['project', 'create', 'Shop', '--base-url', server.origin], {
    dataDir: app.dataDir,
  });
  expect(created.code).toBe(0);
  projectId = JSON.parse(created.stdout).projectId;
  const folder = await ui.call('POST', `/api/projects/${projectId}/folders`, { name: 'Users', parentId: null });
  const endpoint = await ui.call('POST', `/api/projects/${projectId}/endpoints`, {
    name: 'Get user',
    method: 'GET',
    path: '/users/{id}',
    queryParams: [],
    headers: [],
    body: { mode: 'none' },
    auth: { type: 'none' },
    state: 'Designing',
    folderId: folder.json.id,
  });
  endpointId = endpoint.json.id;
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
  // Folders open expanded.
  await page.getByRole('treeitem', { name: 'GET Get user' }).click();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const requestTab = (name: string) =>
  page
    .getByRole('tablist', { name: 'Request parts' })
    .getByRole('tab', { name: new RegExp(`^${name}`) })
    .click();

const saved = () =>
  page.getByRole('button', { name: 'Save', description: 'Save (Ctrl+S)' }).and(page.locator(':disabled')).waitFor();

const storedExamples = async () => (await ui.call('GET', `/api/endpoints/${endpointId}`)).json.examples;

/** A port the system just handed out and took back, for a mock that must not meet other tests' mocks on 4010. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

async function expectNoSeriousViolations(selector: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished))');
    expect(describeViolations(await seriousViolations(page, selector)), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the Examples tab', () => {
  it('adds an example, edits its name, status, headers, body, mock status and delay, and saves it with the endpoint', async () => {
    await requestTab('Examples');
    await page.getByText(/^No examples\./).waitFor();
    await page.getByRole('button', { name: 'Add example' }).click();
    await page.getByLabel('Example name').fill('Not found');
    await page.getByLabel('Example status').fill('404');
    await page.getByLabel('Example header name 2').fill('X-Reason');
    await page.getByLabel('Example header value 2').fill('no such user');
    await page.getByLabel('JSON body').fill('{"error":"no such user"}');
    await page.getByLabel('Mock status override').fill('410');
    await page.getByLabel('Example delay').selectOption('range');
    await page.getByLabel('Example shortest delay in milliseconds').fill('100');
    await page.getByLabel('Example longest delay in milliseconds').fill('400');
    await page.getByRole('button', { name: '404 Not found', pressed: true }).waitFor();
    await page.getByRole('img', { name: 'Unsaved changes' }).first().waitFor();
    await expectNoSeriousViolations('[role="tabpanel"]');
    await page.keyboard.press('Control+s');
    await saved();
    expect(await storedExamples()).toEqual([
      {
        name: 'Not found',
        status: 404,
        headers: [
          { key: 'Content-Type', value: 'application/json' },
          { key: 'X-Reason', value: 'no such user' },
        ],
        body: '{"error":"no such user"}',
        mockStatus: 410,
        delay: { minMs: 100, maxMs: 400 },
      },
    ]);

    await page.reload();
    await page.getByRole('treeitem', { name: 'GET Get user' }).click();
    await requestTab('Examples');
    expect(await page.getByLabel('Example name').inputValue()).toBe('Not found');
    expect(await editorText(page.getByLabel('JSON body'))).toBe('{"error":"no such user"}');
  });
});

describe('Save as example', () => {
  it('keeps a response after a Send as a named example, its name offered from the status', async () => {
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('response-status').waitFor();
    await page.getByRole('button', { name: 'Save as example' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as example' });
    expect(await dialog.getByLabel('Example name').inputValue()).toBe('200 OK');
    await dialog.getByLabel('Example name').fill('Ada');
    await dialog.getByRole('button', { name: 'Save example' }).click();
    await dialog.waitFor({ state: 'detached' });
    const examples = await storedExamples();
    expect(examples).toHaveLength(2);
    expect(examples[1]).toEqual({
      name: 'Ada',
      status: 200,
      headers: expect.arrayContaining([
        { key: 'content-type', value: 'application/json' },
        { key: 'x-trace', value: 'abc123' },
      ]),
      body: USER,
    });
    // The mock writes these itself: a saved length would be wrong once the body is edited.
    expect(examples[1].headers.map((header: { key: string }) => header.key)).not.toContain('content-length');
    // The editor shows it at once, and has nothing unsaved because of it.
    const examplesTab = page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Examples/ });
    await expect.poll(() => examplesTab.textContent()).toBe('Examples2');
    expect(await page.getByRole('button', { name: 'Save', description: 'Save (Ctrl+S)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
  });

  it('keeps a response reopened from History, and is disabled with the reason for a request never saved', async () => {
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'History' }).getByRole('button').first().click();
    await page.getByTestId('response-status').waitFor();
    await page.getByRole('button', { name: 'Save as example' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as example' });
    // No example of the endpoint is named "200 OK" yet, so the status line is offered as it is.
    expect(await dialog.getByLabel('Example name').inputValue()).toBe('200 OK');
    await dialog.getByRole('button', { name: 'Save example' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await storedExamples()).map((example: { name: string }) => example.name)).toEqual([
      'Not found',
      'Ada',
      '200 OK',
    ]);

    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New request' }).click();
    await page.getByLabel('URL path').fill('/users/8');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('response-status').waitFor();
    const button = page.getByRole('button', { name: 'Save as example' });
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('title')).toMatch(/no saved endpoint/);
  });
});

describe('the Mock view', () => {
  it('starts a mock from the window, shows the requests it answers as they come, and stops it', async () => {
    await page.getByRole('button', { name: 'Mock', exact: true }).click();
    const view = page.getByTestId('mock-view');
    await view.getByText(/^No mock is running\./).waitFor();
    const port = await freePort();
    await view.getByLabel('Port').fill(String(port));
    await view.getByLabel('Serve').selectOption({ label: 'Users' });
    await view.getByRole('button', { name: 'Start mock' }).click();
    const card = view.getByRole('article', { name: `Mock on port ${port}` });
    await card.getByTestId('mock-url').getByText(`http://127.0.0.1:${port}`).waitFor();
    await card.getByText('Shop / Users').waitFor();
    await card.getByText('validates requests').waitFor();
    // The sidebar's Mock button says a mock of the project runs, wherever the person goes next.
    await page.getByRole('button', { name: 'Mock', exact: true, description: 'one mock running' }).waitFor();

    const answer = await fetch(`http://127.0.0.1:${port}/users/7`, { headers: { Prefer: 'example=Ada' } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(USER);
    const log = card.getByRole('table', { name: `Requests to http://127.0.0.1:${port}` });
    const row = log.getByRole('row').nth(1);
    await row.getByText('/users/7').waitFor();
    expect(await row.textContent()).toMatch(/GET\/users\/7Get userAda200/);
    expect((await ui.call('GET', '/api/mocks')).json).toEqual([
      expect.objectContaining({ port, projectId, startedBy: 'person' }),
    ]);

    await card.getByRole('button', { name: `Copy the address http://127.0.0.1:${port}` }).click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(`http://127.0.0.1:${port}`);
    await expectNoSeriousViolations('[data-testid="mock-view"]');
    await browser.screenshot('ui-mock-view');

    await card.getByRole('button', { name: `Stop the mock on port ${port}` }).click();
    await card.waitFor({ state: 'detached' });
    expect((await ui.call('GET', '/api/mocks')).json).toEqual([]);
    expect(await page.locator('.mock-button-count').count()).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/users/7`)).rejects.toThrow();
  });

  it('lists a mock started elsewhere, by a folder’s menu or the API, as soon as it starts', async () => {
    await page.getByRole('button', { name: 'Close the mock view' }).click();
    await page.getByRole('treeitem', { name: 'Users' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Mock this folder…' }).click();
    const view = page.getByTestId('mock-view');
    expect(await view.getByLabel('Serve').locator('option:checked').textContent()).toBe('Users');
    const port = await freePort();
    const started = await ui.call('POST', '/api/mocks', { projectId, port, validate: false });
    expect(started.status).toBe(201);
    const card = view.getByRole('article', { name: `Mock on port ${port}` });
    await card.getByText('no validation').waitFor();
    await ui.call('DELETE', `/api/mocks/${started.json.id}`);
    await card.waitFor({ state: 'detached' });
  });
});
