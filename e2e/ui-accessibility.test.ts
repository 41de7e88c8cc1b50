import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import { seedScreens, startScreensApi, tourScreens } from './support/main-screens.js';
import { type LocalServer, openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let api: LocalServer;

beforeAll(async () => {
  api = await startScreensApi();
  session = await openUiSession();
});

afterAll(async () => {
  await session?.close();
  await api?.close();
});

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  it('finds nothing serious or critical on any main screen or dialog, light and dark', async () => {
    const { page } = session;
    const found: string[] = [];
    const check = async (screen: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // Colours change through CSS transitions: axe must see where they end, not a frame in between.
        await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished))');
        for (const line of describeViolations(await seriousViolations(page)))
          found.push(`${screen}, ${colorScheme}: ${line}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    await page.getByRole('heading', { name: 'Welcome to Client' }).waitFor();
    await check('welcome');
    await seedScreens(page, session.app, api);
    await tourScreens(page, (screen) => check(screen.name));
    expect(found).toEqual([]);
  });

  it('moves through the tree and the tabs with the arrow keys, one Tab stop each', async () => {
    const { page } = session;
    const focused = () =>
      page.evaluate<string>(
        'document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? ""',
      );
    const focusedRow = () =>
      page.evaluate<string>('document.activeElement?.dataset.treeId ? document.activeElement.innerText : ""');
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByRole('button', { name: 'Sample project', exact: true }).click();
    const tree = page.getByRole('tree', { name: 'Folders and endpoints' });
    await tree.getByRole('treeitem', { name: 'GET List posts' }).click();

    // From the search box, one Tab enters the tree at the open endpoint, the next leaves it.
    await page.getByLabel('Search endpoints').focus();
    await page.keyboard.press('Tab');
    expect(await focusedRow()).toContain('List posts');
    await page.keyboard.press('ArrowUp');
    expect(await focusedRow()).toContain('Get post');
    await page.keyboard.press('Home');
    expect(await focusedRow()).toContain('Posts');
    await page.keyboard.press('ArrowLeft');
    await tree.getByRole('treeitem', { name: 'GET Get post' }).waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focusedRow()).toContain('Create post');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'POST Create post' }).waitFor();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Actions for Create post' }).waitFor();
    await page.keyboard.press('Escape');
    await tree.getByRole('treeitem', { name: 'POST Create post' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.closest("[role=tree]") === null')).toBe(true);

    // The open tabs: Left and Right select the neighbour, Delete closes the focused tab.
    await page.getByRole('tab', { name: 'POST Create post' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'GET List posts' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Endpoint name').inputValue()).toBe('List posts');
    await page.keyboard.press('End');
    expect(await page.getByRole('tab', { name: 'POST Create post' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Delete');
    await page.getByRole('tab', { name: 'POST Create post' }).waitFor({ state: 'detached' });

    // The request parts are a tablist of their own.
    await page.getByRole('tab', { name: 'Params' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(
      await page
        .getByRole('tab', { name: /^Headers/ })
        .first()
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(await focused()).toContain('Headers');
  });
});
