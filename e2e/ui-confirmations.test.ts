import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

let session: UiSession;
let page: Page;
let server: LocalServer;

beforeAll(async () => {
  // /slow never answers, so a send to it stays in progress until cancelled.
  server = await startLocalServer((request, response) => {
    if (request.url !== '/slow') response.end('ok');
  });
  session = await openUiSession();
  page = session.page;
  await session.app.request('POST', '/agent/curl', { body: { command: `curl ${server.origin}/ping`, name: 'Ping' } });
  await session.app.request('POST', '/agent/curl', { body: { command: `curl ${server.origin}/slow`, name: 'Slow' } });
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
  await page.getByRole('treeitem', { name: 'GET Ping' }).waitFor();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

const focusedText = () => page.evaluate<string | undefined>('document.activeElement?.textContent');

describe('a new request', () => {
  it('becomes an endpoint on its first save, so closing it unsaved leaves nothing behind', async () => {
    const listed = async () => {
      const projects = (await session.app.request('GET', '/agent/projects')).json as { projectId: string }[];
      const endpoints = await session.app.request('GET', `/agent/endpoints/${projects[0]?.projectId}`);
      return (endpoints.json as { name: string }[]).map((endpoint) => endpoint.name);
    };
    const before = await listed();
    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByRole('tab', { name: 'GET New request' }).waitFor();
    await page.getByTitle('Close New request').click();
    await page.getByRole('tab', { name: 'GET New request' }).waitFor({ state: 'detached' });
    expect(await listed()).toEqual(before);

    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByLabel('Endpoint name').fill('Health');
    await page.getByLabel('URL path').fill('/health');
    await page.keyboard.press('Control+s');
    await page.getByRole('treeitem', { name: 'GET Health' }).waitFor();
    expect(await listed()).toEqual([...before, 'Health']);
    await page.getByTitle('Close Health').click();
  });
});

describe('questions before losing something', () => {
  it('start a delete confirmation on Cancel, so Enter alone deletes nothing', async () => {
    await page.getByRole('treeitem', { name: 'GET Ping' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete endpoint' });
    await dialog.waitFor();
    expect(await focusedText()).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('treeitem', { name: 'GET Ping' }).count()).toBe(1);

    // The Delete key on a row asks the same question.
    await page.getByRole('treeitem', { name: 'GET Ping' }).focus();
    await page.keyboard.press('Delete');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('ask before clearing the history, and keep it when the answer is no', async () => {
    await page.getByRole('treeitem', { name: 'GET Ping' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('response-status').waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    await history.getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Clear history' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear history' });
    expect(await dialog.textContent()).toContain('Delete the 1 sent request kept');
    expect(await focusedText()).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await history.getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear history' }).click();
    await dialog.getByRole('button', { name: 'Clear history' }).click();
    await expect.poll(() => history.getByRole('listitem').count()).toBe(0);
  });

  it('ask before an environment’s unsaved values are dropped by Escape or ×', async () => {
    await page.getByRole('button', { name: 'Manage environments' }).click();
    const environments = page.getByRole('dialog', { name: 'Environments' });
    await environments.getByRole('button', { name: 'New environment' }).click();
    // Enter once the name's field is there: before, it goes to the focused button and makes a second environment.
    const name = environments.getByLabel('Environment name');
    await name.press('Enter');
    await name.waitFor({ state: 'hidden' });
    await environments.getByLabel('Variable name 1').fill('token');
    await environments.getByLabel('Variable value 1').fill('unsaved-value');

    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    await discard.waitFor();
    expect(await focusedText()).toBe('Cancel');
    await page.keyboard.press('Escape');
    await discard.waitFor({ state: 'hidden' });
    // The first Escape closed only the question; the dialog and what was typed are still there.
    expect(await environments.getByLabel('Variable value 1').inputValue()).toBe('unsaved-value');

    await environments.getByRole('button', { name: 'Close' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await environments.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Manage environments' }).click();
    expect(await environments.getByLabel('Variable name 1').inputValue()).toBe('');
    await environments.getByRole('button', { name: 'Close' }).click();
  });
});

describe('the keyboard', () => {
  it('opens the first search result with Enter, and moves into the results with ArrowDown', async () => {
    await page.keyboard.press('ControlOrMeta+Shift+f');
    await page.getByLabel('Search endpoints').fill('slo');
    await page.keyboard.press('Enter');
    const strip = page.getByRole('tablist', { name: 'Open endpoints' });
    await expect.poll(() => strip.getByRole('tab', { selected: true }).textContent()).toBe('GETSlow');
    await page.getByLabel('Search endpoints').focus();
    await page.keyboard.press('ArrowDown');
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('role')).toBe('treeitem');
    expect(await focused.innerText()).toContain('Slow');
    await page.getByLabel('Search endpoints').fill('');
  });

  it('cancels a send in progress with Escape', async () => {
    await page.getByRole('treeitem', { name: 'GET Slow' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Sending…').waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('The request was cancelled.').waitFor();
  });

  it('takes an endpoint dropped on the empty space under the tree back to the project root', async () => {
    const folderOf = async (name: string) => {
      const projects = (await session.app.request('GET', '/agent/projects')).json as { projectId: string }[];
      const listed = await session.app.request('GET', `/agent/endpoints/${projects[0]?.projectId}`);
      return (listed.json as { name: string; folderId: string | null }[]).find((e) => e.name === name)?.folderId;
    };
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').press('Enter');
    const folder = page.getByRole('treeitem', { name: 'New folder' });
    await page.getByRole('treeitem', { name: 'GET Ping' }).dragTo(folder);
    await expect.poll(() => folderOf('Ping')).not.toBeNull();

    // Near the bottom of the sidebar, far below the last row.
    const sidebar = page.locator('.sidebar-scroll');
    const box = await sidebar.boundingBox();
    await page
      .getByRole('treeitem', { name: 'GET Ping' })
      .dragTo(sidebar, { targetPosition: { x: 40, y: (box?.height ?? 300) - 20 } });
    await expect.poll(() => folderOf('Ping')).toBeNull();
  });
});
