import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let page: Page;
let api: UiApi;
let work: string;
let folder: string;
let projectId: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'client-ui-unlink-'));
  folder = join(work, 'api');
  session = await openUiSession();
  page = session.page;
  api = await openUiApi(session.app);
  projectId = (await api.call('POST', '/api/projects', { name: 'Shop', baseUrl: 'https://shop.example.com' })).json.id;
  await api.call('POST', `/api/projects/${projectId}/import-curl`, { command: 'curl https://shop.example.com/orders' });
  expect((await api.call('POST', `/api/projects/${projectId}/link`, { folder })).status).toBe(200);
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

const status = () => page.getByRole('region', { name: 'Linked folder' });
const openMenu = () => page.getByRole('button', { name: 'Project menu' }).click();

describe('unlinking a project from its folder, in the window', () => {
  it('asks first, and cancelling keeps the link', async () => {
    await status().waitFor();
    await openMenu();
    await page.getByRole('menuitem', { name: 'Unlink from folder…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink from folder' });
    await dialog.getByText(folder).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await api.call('GET', `/api/projects/${projectId}/link`)).json).toMatchObject({ linked: true });
  });

  it('unlinks: the status line goes, the files stay, and the request stays in the project', async () => {
    await openMenu();
    await page.getByRole('menuitem', { name: 'Unlink from folder…' }).click();
    await page.getByRole('dialog', { name: 'Unlink from folder' }).getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('status').getByText('Unlinked from the folder').waitFor();
    await expect.poll(() => status().count()).toBe(0);
    expect(existsSync(join(folder, 'client-project.yml'))).toBe(true);
    expect(readFileSync(join(folder, 'orders.yml'), 'utf8')).toContain('path: /orders');
    await page
      .getByRole('tree')
      .getByRole('treeitem', { name: /orders/ })
      .waitFor();
    expect((await api.call('GET', `/api/projects/${projectId}/link`)).json).toMatchObject({ linked: false });

    // The menu offers linking again, not unlinking.
    await openMenu();
    await page.getByRole('menuitem', { name: 'Link to folder…' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Unlink from folder…' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
