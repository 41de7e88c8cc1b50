import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupAppProcesses, createDataDir, runClientCommand, startAppProcess } from './support/app-process.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { uiUrlOf } from './support/ui-app.js';

let browser: BrowserSession;
let dataDir: string;

/** Records, in the page, when the projects list first appears in the document. */
const LIST_WATCH = `new MutationObserver((_, observer) => {
  if (document.querySelector('ul[aria-label="Projects"]') === null) return;
  window.__listedAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

interface Loaded {
  name: string;
  startTime: number;
  transferSize: number;
}

/** The scripts the page has loaded: path, when it was asked for, and how many bytes came over the network. */
const scripts = (page: Page): Promise<Loaded[]> =>
  page.evaluate<Loaded[]>(`performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.endsWith('.js'))
    .map((entry) => ({
      name: new URL(entry.name).pathname,
      startTime: entry.startTime,
      transferSize: entry.transferSize,
    }))`);

async function openProjects(): Promise<{ port: number; page: Page; stop: () => Promise<unknown> }> {
  const app = await startAppProcess({ dataDir });
  const url = await uiUrlOf(app);
  const { page } = browser;
  await page.goto(url);
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).waitFor();
  return { port: Number(new URL(url).port), page, stop: () => app.stop() };
}

beforeAll(async () => {
  dataDir = createDataDir();
  const created = await runClientCommand(['project', 'create', 'Shop'], { dataDir });
  expect(created.code).toBe(0);
  browser = await launchBrowser();
  await browser.context.addInitScript(LIST_WATCH);
});

afterAll(async () => {
  await browser?.close();
  await cleanupAppProcesses();
});

describe('the first screen', () => {
  it('paints the projects before the workspace and the dialogs are loaded, and loads a panel when it opens', async () => {
    const { page, stop } = await openProjects();
    try {
      const listedAt = await page.evaluate<number>('window.__listedAt');
      await expect
        .poll(async () => (await scripts(page)).some((script) => script.name.startsWith('/assets/workspace-')))
        .toBe(true);
      const loaded = await scripts(page);
      const workspace = loaded.find((script) => script.name.startsWith('/assets/workspace-'));
      expect(workspace?.startTime).toBeGreaterThan(listedAt);
      expect(loaded.some((script) => script.name.startsWith('/assets/agent-panel-'))).toBe(false);

      await page.getByRole('button', { name: 'Agent', exact: true }).click();
      await page.getByRole('dialog', { name: 'Agent' }).waitFor();
      expect((await scripts(page)).some((script) => script.name.startsWith('/assets/agent-panel-'))).toBe(true);
    } finally {
      await page.goto('about:blank');
      await stop();
    }
  });

  it("opens on the same port at the next start, its scripts from the window's cache", async () => {
    const first = await openProjects();
    await first.page.goto('about:blank');
    await first.stop();

    const second = await openProjects();
    try {
      expect(second.port).toBe(first.port);
      const entry = (await scripts(second.page)).find((script) => script.name.startsWith('/assets/index-'));
      // A transfer size of 0: the browser answered from its cache, nothing came over the network.
      expect(entry?.transferSize).toBe(0);
    } finally {
      await second.stop();
    }
  });
});
