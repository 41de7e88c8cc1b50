import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLargeProjects, itemName } from './support/large-projects.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

const ENDPOINTS = 10_000;
let session: UiSession;
let page: Page;
let projectId: string;

beforeAll(async () => {
  const { dataDir, projectIds } = await createLargeProjects([
    { name: 'Ten thousand', endpoints: ENDPOINTS, folders: 10 },
  ]);
  projectId = projectIds.get('Ten thousand') ?? '';
  session = await openUiSession({ dataDir });
  ({ page } = session);
  await page.getByRole('list', { name: 'Projects' }).getByText('Ten thousand', { exact: true }).click();
  await tree().getByRole('treeitem', { name: 'Group 01' }).waitFor();
}, 120_000);

afterAll(() => session?.close());

const tree = () => page.getByRole('tree', { name: 'Folders and endpoints' });
const row = (index: number) => tree().getByRole('treeitem', { name: `GET ${itemName(index)}`, exact: true });
const focusedRow = () =>
  page.evaluate<string>('document.activeElement?.dataset.treeId ? document.activeElement.innerText : ""');
const place = async (locator: Locator) =>
  Promise.all(['aria-level', 'aria-posinset', 'aria-setsize'].map((name) => locator.getAttribute(name)));

/** Whether the element lies wholly inside the sidebar's scrolled area. */
async function inSight(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const area = await page.locator('.sidebar-scroll').boundingBox();
  return box !== null && area !== null && box.y >= area.y && box.y + box.height <= area.y + area.height + 1;
}

describe('the tree of a project of 10,000 endpoints', () => {
  it('draws only the rows in sight, each saying its level and its place among its siblings', async () => {
    const drawn = await tree().getByRole('treeitem').count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(120);
    // Ten folders of 900 endpoints, then 1,000 endpoints at the root.
    expect(await place(tree().getByRole('treeitem', { name: 'Group 01' }))).toEqual(['1', '1', '1010']);
    expect(await place(row(0))).toEqual(['2', '1', '900']);
    // Each row as the app sent it: the name and method above, the path and state in its title.
    expect(await row(1).getAttribute('title')).toBe('Item 00001\n/items/1 · Designing');
    expect(await tree().getAttribute('style')).toContain(`height: ${(ENDPOINTS + 10) * 30}px`);
  });

  it('reaches a row far down by search and opens it', async () => {
    const search = page.getByLabel('Search endpoints');
    await search.fill('09876');
    await row(9876).waitFor();
    expect(await tree().getByRole('treeitem').count()).toBe(1);
    await search.press('ArrowDown');
    expect(await focusedRow()).toContain(itemName(9876));
    await page.keyboard.press('Enter');
    const strip = page.getByRole('tablist', { name: 'Open endpoints' });
    await expect.poll(() => strip.getByRole('tab', { selected: true }).textContent()).toBe(`GET${itemName(9876)}`);
    await search.fill('');
    // The open endpoint is scrolled into view in the whole tree again.
    await expect.poll(() => inSight(row(9876))).toBe(true);
    expect(await row(9876).getAttribute('aria-selected')).toBe('true');
  });

  it('moves through every row by keyboard, scrolling the focused one into view, and opens one far down', async () => {
    // One Tab from the search box enters the tree at the open endpoint.
    await page.getByLabel('Search endpoints').focus();
    await page.keyboard.press('Tab');
    expect(await focusedRow()).toContain(itemName(9876));
    await page.keyboard.press('End');
    expect(await focusedRow()).toContain(itemName(9999));
    expect(await place(row(9999))).toEqual(['1', '1010', '1010']);
    expect(await inSight(row(9999))).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    expect(await focusedRow()).toContain(itemName(9996));
    await page.keyboard.press('Enter');
    const strip = page.getByRole('tablist', { name: 'Open endpoints' });
    await expect.poll(() => strip.getByRole('tab', { selected: true }).textContent()).toBe(`GET${itemName(9996)}`);

    await tree()
      .getByRole('treeitem', { name: `GET ${itemName(9996)}` })
      .focus();
    await page.keyboard.press('Home');
    expect(await focusedRow()).toContain('Group 01');
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowDown');
    expect(await focusedRow()).toContain(itemName(39));
    expect(await inSight(row(39))).toBe(true);
    // Left goes up to the folder, many rows above, and brings it into view.
    await page.keyboard.press('ArrowLeft');
    expect(await focusedRow()).toContain('Group 01');
    expect(await inSight(tree().getByRole('treeitem', { name: 'Group 01' }))).toBe(true);
    expect(await tree().getByRole('treeitem').count()).toBeLessThan(120);
  });

  it('keeps the focus and an open menu on their rows while an agent adds rows above them', async () => {
    const addAbove = async (name: string, posInSet: number) => {
      const answer = await session.app.request('POST', '/agent/curl', {
        body: { command: `curl https://api.example.com/${name}`, projectId, name },
      });
      expect(answer.status).toBe(201);
      // Every root endpoint below it moves one row down.
      await expect.poll(async () => (await place(row(9996)))[1]).toBe(String(posInSet));
    };
    await tree().getByRole('treeitem', { name: 'Group 01' }).focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    expect(await focusedRow()).toContain(itemName(9996));
    expect(await place(row(9996))).toEqual(['1', '1007', '1010']);

    await addAbove('Item 09000a', 1008);
    expect(await focusedRow()).toContain(itemName(9996));

    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.getAttribute('aria-label')).toBe(`Actions for ${itemName(9996)}`);
    await addAbove('Item 09000b', 1009);
    expect(await menu.count()).toBe(1);
    expect(await menu.getAttribute('aria-label')).toBe(`Actions for ${itemName(9996)}`);
    expect(await menu.evaluate((list) => list.closest('[role="treeitem"]')?.getAttribute('title'))).toBe(
      `${itemName(9996)}\n/items/9996 · Designing`,
    );
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
  });
});
