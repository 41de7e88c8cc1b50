import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import { openUiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let page: Page;

beforeAll(async () => {
  session = await openUiSession();
  ({ page } = session);
  for (const [name, path] of [
    ['List invoices', '/billing/invoices'],
    ['Refund a payment', '/billing/refunds'],
    ['Get customer', '/customers/1'],
  ]) {
    await session.app.request('POST', '/agent/curl', {
      body: { command: `curl https://api.example.com${path}`, name },
    });
  }
  const api = await openUiApi(session.app);
  expect((await api.call('POST', '/api/projects', { name: 'Warehouse' })).status).toBe(201);
  await page.reload();
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
  await page.getByRole('treeitem', { name: 'GET Get customer' }).waitFor();
});

afterAll(() => session?.close());

const palette = () => page.getByRole('dialog', { name: 'Command palette' });
const focused = () =>
  page.evaluate<[string | null, string | null]>(
    '[document.activeElement?.getAttribute("role"), document.activeElement?.getAttribute("aria-label")]',
  );
const activeOption = () =>
  page.evaluate<string>(
    'document.getElementById(document.activeElement?.getAttribute("aria-activedescendant") ?? "")?.textContent ?? ""',
  );

describe('the command palette', () => {
  it('opens an endpoint found by a fuzzy name, by keyboard only, as an accessible combobox', async () => {
    await page.keyboard.press('ControlOrMeta+k');
    await palette().waitFor();
    expect(await focused()).toEqual(['combobox', 'Search actions, endpoints and projects']);
    const box = palette().getByRole('combobox');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const listbox = palette().getByRole('listbox');
    expect(await box.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
    const found = await seriousViolations(page);
    expect(describeViolations(found)).toEqual([]);

    await page.keyboard.type('rfnd');
    await expect.poll(activeOption).toContain('Refund a payment');
    for (let i = 0; i < 'rfnd'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('nvo');
    await expect.poll(activeOption).toContain('List invoices');
    // Down and Up move through the options, Up from the first wraps to the last.
    const options = await palette().getByRole('option').count();
    await page.keyboard.press('ArrowUp');
    expect(
      await palette()
        .getByRole('option')
        .nth(options - 1)
        .getAttribute('aria-selected'),
    ).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await activeOption()).toContain('List invoices');
    await page.keyboard.press('Enter');
    await palette().waitFor({ state: 'detached' });
    const strip = page.getByRole('tablist', { name: 'Open endpoints' });
    await expect.poll(() => strip.getByRole('tab', { selected: true }).textContent()).toBe('GETList invoices');
  });

  it('runs an action by keyboard, and gives the focus back when Escape closes it', async () => {
    await page.getByLabel('Endpoint name').focus();
    await page.keyboard.press('ControlOrMeta+k');
    await page.keyboard.type('hide sidebar');
    await expect.poll(activeOption).toContain('Hide the sidebar');
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Project' }).waitFor({ state: 'hidden' });

    await page.keyboard.press('ControlOrMeta+k');
    await page.keyboard.type('show the sid');
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Project' }).waitFor();

    await page.getByLabel('Endpoint name').focus();
    await page.keyboard.press('ControlOrMeta+k');
    await palette().waitFor();
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached' });
    expect(await focused()).toEqual([null, 'Endpoint name']);
    // Escape closed the palette only; the same key twice opens and closes it.
    await page.keyboard.press('ControlOrMeta+k');
    await palette().waitFor();
    await page.keyboard.press('ControlOrMeta+k');
    await palette().waitFor({ state: 'detached' });
  });

  it('goes to an endpoint or a project with Ctrl/Cmd+P, and to actions there after ">"', async () => {
    await page.keyboard.press('ControlOrMeta+p');
    const goTo = page.getByRole('dialog', { name: 'Go to an endpoint or project' });
    await goTo.waitFor();
    // Actions are left out until the query asks for them.
    expect(await goTo.getByRole('group', { name: 'Actions' }).count()).toBe(0);
    await page.keyboard.type('wareh');
    await expect.poll(activeOption).toContain('Warehouse');
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Location' }).getByText('Warehouse').waitFor();

    await page.keyboard.press('ControlOrMeta+p');
    await page.keyboard.type('>theme dark');
    await expect.poll(activeOption).toContain('Theme: Dark');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    await page.keyboard.press('ControlOrMeta+p');
    await page.keyboard.type('>theme system');
    await page.keyboard.press('Enter');

    await page.keyboard.press('ControlOrMeta+p');
    await page.keyboard.type('zzzzqqq');
    await goTo.getByText('Nothing matches “zzzzqqq”.').waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await goTo.waitFor({ state: 'detached' });
  });

  it('does not open over a dialog, and keeps the sidebar search a shortcut of its own', async () => {
    await page.getByRole('button', { name: 'Manage environments' }).click();
    await page.getByRole('dialog', { name: 'Environments' }).waitFor();
    await page.keyboard.press('ControlOrMeta+k');
    expect(await palette().count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Environments' }).waitFor({ state: 'detached' });

    await page.keyboard.press('ControlOrMeta+Shift+f');
    await expect.poll(focused).toEqual([null, 'Search endpoints']);
  });
});
