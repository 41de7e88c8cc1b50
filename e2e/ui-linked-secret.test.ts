import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
let projectId: string;
const TOKEN = 'tok-5d0c41e9b2';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'client-ui-linked-secret-'));
  const folder = join(work, 'api');
  session = await openUiSession();
  page = session.page;
  api = await openUiApi(session.app);
  projectId = (await api.call('POST', '/api/projects', { name: 'Shop', baseUrl: 'https://shop.example.com' })).json.id;
  expect((await api.call('POST', `/api/projects/${projectId}/link`, { folder })).status).toBe(200);
  // A clone's environment file: the secret is named, its value is on no machine but the teammate's.
  mkdirSync(join(folder, 'environments'));
  writeFileSync(join(folder, 'environments', 'Dev.yml'), 'name: Dev\nvariables:\n  - key: token\n    secret: true\n');
});

afterAll(async () => {
  await session?.close();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('a secret first met in a linked folder’s files, in the window', () => {
  it('is shown as having no value here, and once entered it is kept encrypted', async () => {
    await expect
      .poll(async () => (await api.call('GET', `/api/projects/${projectId}/environments`)).json.environments.length)
      .toBe(1);
    await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
    await page.getByRole('button', { name: 'Manage environments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    const value = dialog.getByLabel('Variable value 1');
    await expect.poll(() => value.getAttribute('placeholder')).toBe('No value on this machine: enter it');
    expect(await dialog.getByRole('button', { name: 'Reveal token' }).count()).toBe(0);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await value.fill(TOKEN);
    await dialog.getByRole('button', { name: 'Save variables' }).click();
    await dialog.getByRole('button', { name: 'Save variables' }).and(page.locator(':disabled')).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Manage environments' }).click();
    const reopened = page.getByRole('dialog', { name: 'Environments' });
    await expect
      .poll(() => reopened.getByLabel('Variable value 1').getAttribute('placeholder'))
      .toBe('•••••••• (stored, encrypted)');
    await reopened.getByRole('button', { name: 'Reveal token' }).click();
    await expect.poll(() => reopened.getByLabel('Variable value 1').inputValue()).toBe(TOKEN);
    await page.keyboard.press('Escape');
  });
});
