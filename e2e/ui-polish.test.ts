import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

const PROJECT = 'Payments platform for the northern region warehouses and their many suppliers';
const FOLDER = 'Settlement reports shared with the finance department every quarter';
const ENDPOINT = 'List every settlement report of the quarter with its payouts and refunds';

let session: UiSession;
let browser: BrowserSession;
let page: Page;
let api: UiApi;
let projectId: string;

beforeAll(async () => {
  session = await openUiSession({ clipboard: true });
  ({ browser, page } = session);
  api = await openUiApi(session.app);
  const project = await api.call('POST', '/api/projects', { name: PROJECT, baseUrl: 'https://api.example.com' });
  projectId = project.json.id;
  const folder = await api.call('POST', `/api/projects/${projectId}/folders`, { name: FOLDER, parentId: null });
  // A long URL, long header values, and a badge on every request tab that can carry one.
  const longValue = `Bearer ${'a1b2c3d4'.repeat(40)}`;
  const command = [
    `curl 'https://api.example.com/v1/settlements/reports/${'quarterly-'.repeat(16)}?region=${'north'.repeat(30)}'`,
    `-H 'X-Trace: ${longValue}' -H 'X-Tenant: ${'tenant-'.repeat(30)}'`,
    `--aws-sigv4 'aws:amz:us-east-1:execute-api' -u 'AKIAEXAMPLE:secret' --json '{"quarter":"${'q'.repeat(200)}"}'`,
  ].join(' ');
  const saved = await session.app.request('POST', '/agent/curl', {
    body: { command, projectId, folderId: folder.json.id, name: ENDPOINT },
  });
  const endpointId = (saved.json as { endpointId: string }).endpointId;
  await api.call('POST', `/api/endpoints/${endpointId}/examples`, {
    example: { name: 'The quarter settled', status: 200, headers: [], body: '{}' },
  });
  await page.reload();
  await page.getByRole('list', { name: 'Projects' }).getByText(PROJECT, { exact: true }).click();
  await page.getByRole('treeitem', { name: `POST ${ENDPOINT}` }).click();
});

afterAll(() => session?.close());

// A test that failed half-way leaves no dialog open over the next one.
afterEach(async () => {
  while ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
});

/** The text of the button a click at the middle of `target` lands on, or null when something else is drawn there. */
async function buttonHitAtCentre(target: Locator): Promise<string | null> {
  const box = await target.boundingBox();
  if (box === null) return null;
  return page.evaluate<string | null>(
    `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})?.closest('button')?.textContent ?? null`,
  );
}

async function importCurl(command: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Import from cURL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from cURL' });
  await dialog.getByRole('textbox', { name: 'cURL command' }).fill(command);
  return dialog;
}

describe('toasts', () => {
  it('leave the import dialog’s buttons free after several imports in a row, in a small window', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    for (let i = 1; i <= 4; i++) {
      // Another host than the project's base URL: each toast carries a warning under its message, and stays longer.
      const dialog = await importCurl(`curl https://stock${i}.example.org/v1/stock/${i}`);
      const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
      expect(await buttonHitAtCentre(importButton)).toBe('Import');
      expect(await buttonHitAtCentre(dialog.getByRole('button', { name: 'Cancel' }))).toBe('Cancel');
      await importButton.click({ trial: true, timeout: 2000 });
      await importButton.click();
      await page.getByRole('status').getByText(`Imported ${i}`, { exact: true }).waitFor();
    }
    await importCurl('curl https://api.example.com/v1/stock/last');
    await browser.screenshot('ui-polish-toast-over-dialog-1024');
    const found = await seriousViolations(page, '[role="dialog"]');
    expect(describeViolations(found)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('mark an import done with warnings with a warning sign, keeping the ✕ for failures', async () => {
    const dialog = await importCurl('curl https://other.example.org/v2/audit');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const toast = page.locator('.toast').filter({ hasText: 'Imported audit' });
    await toast.waitFor();
    expect(await toast.getByRole('img', { name: 'warnings' }).count()).toBe(1);
    expect(await toast.getByRole('img', { name: 'failed' }).count()).toBe(0);
    await browser.screenshot('ui-polish-warning-toast');
  });
});

describe('long names', () => {
  /** Every element showing one of the names (as its own text or an input's value) that is too narrow for it. */
  const cutNames = () =>
    page.evaluate<{ text: string; ellipsis: boolean; title: string }[]>(`(() => {
      const names = ${JSON.stringify([PROJECT, FOLDER, ENDPOINT])};
      const found = [];
      for (const element of document.querySelectorAll('body *')) {
        const text = element instanceof HTMLInputElement
          ? element.value
          : [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('').trim();
        if (!names.includes(text) || element.scrollWidth <= element.clientWidth) continue;
        found.push({
          text,
          ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
          title: element.closest('[title]')?.getAttribute('title') ?? '',
        });
      }
      return found;
    })()`);

  const expectEllipsisAndTooltip = (cut: { text: string; ellipsis: boolean; title: string }[]) => {
    for (const { text, ellipsis, title } of cut) {
      expect({ text, ellipsis, titled: title.split('\n').includes(text) }).toEqual({
        text,
        ellipsis: true,
        titled: true,
      });
    }
  };

  it('are cut with an ellipsis and shown whole in a tooltip, in the sidebar, the tabs and the editor', async () => {
    await page.getByRole('treeitem', { name: `POST ${ENDPOINT}` }).click();
    const cut = await cutNames();
    expect(cut.length).toBeGreaterThan(2);
    expectEllipsisAndTooltip(cut);
    await browser.screenshot('ui-polish-long-names');
  });

  it('are shown whole or cut with a tooltip on the projects screen', async () => {
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByRole('list', { name: 'Projects' }).getByText(PROJECT, { exact: true }).waitFor();
    expectEllipsisAndTooltip(await cutNames());
    await page.getByRole('list', { name: 'Projects' }).getByText(PROJECT, { exact: true }).click();
  });
});

describe('the request pane', () => {
  it.each([
    [1440, 900],
    [1024, 700],
  ])(
    'does not scroll sideways at %i×%i with a long URL, long header values and every tab badged',
    async (width, height) => {
      await page.setViewportSize({ width, height });
      await page.getByRole('treeitem', { name: `POST ${ENDPOINT}` }).click();
      const tabs = page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab');
      await expect.poll(() => tabs.count()).toBe(9);
      for (const tab of await tabs.all()) {
        await tab.click();
        // A one-line editor scrolls its own text sideways, as a text field does; nothing else may.
        const wider = await page.evaluate<string[]>(`
        [...document.querySelectorAll('.editor-request, .editor-request *')]
          .filter((element) => element.closest('.cm-editor') === null)
          .filter((element) => !['hidden', 'clip'].includes(getComputedStyle(element).overflowX))
          .filter((element) => element.scrollWidth > element.clientWidth)
          .map((element) => element.className + ': ' + element.scrollWidth + ' > ' + element.clientWidth)
      `);
        expect({ tab: await tab.textContent(), wider }).toEqual({ tab: await tab.textContent(), wider: [] });
        const box = await tab.boundingBox();
        const pane = await page.locator('.editor-request').boundingBox();
        expect(box !== null && pane !== null && box.x + box.width <= pane.x + pane.width).toBe(true);
      }
      await page.getByRole('tab', { name: /^Params/ }).click();
      await browser.screenshot(`ui-polish-request-pane-${width}`);
    },
  );
});

describe('the command palette', () => {
  it('finds an endpoint by its name typed with one letter wrong', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('ControlOrMeta+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('settlemant');
    await palette.getByRole('option').filter({ hasText: ENDPOINT }).waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('copying as code', () => {
  it('shows the code, read-only, in the chosen format before copying exactly what is shown', async () => {
    await page.getByRole('treeitem', { name: `POST ${ENDPOINT}` }).click();
    await page.getByRole('button', { name: 'Copy as another format' }).click();
    await page.getByRole('menuitem', { name: 'Python (http.client)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy as code' });
    const code = dialog.getByRole('textbox', { name: 'Code' });
    await expect.poll(() => code.inputValue()).toContain('import requests');
    expect(await code.getAttribute('readonly')).not.toBeNull();
    expect(
      await page.evaluate<string>(
        `getComputedStyle(document.querySelector('[role="dialog"] textarea[aria-label="Code"]')).fontFamily`,
      ),
    ).toMatch(/mono/i);

    await dialog.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'cURL (bash)' });
    await expect.poll(() => code.inputValue()).toMatch(/^curl /);
    const shown = await code.inputValue();
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    await browser.screenshot('ui-polish-code-export');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(shown);
  });
});
