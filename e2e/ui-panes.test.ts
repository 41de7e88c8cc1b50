import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess } from './support/app-process.js';
import { openUiApi } from './support/ui-api.js';
import { uiUrlOf } from './support/ui-app.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let page: Page;

beforeAll(async () => {
  session = await openUiSession();
  ({ page } = session);
  await session.app.request('POST', '/agent/curl', {
    body: { command: 'curl https://api.example.com/users', name: 'Users' },
  });
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
  await page.getByRole('treeitem', { name: 'GET Users' }).click();
  await page.getByLabel('Endpoint name').waitFor();
});

afterAll(() => session?.close());

const sidebarSeparator = () => page.getByRole('separator', { name: 'Resize the sidebar' });
const editorSeparator = () => page.getByRole('separator', { name: 'Resize the request and response' });
const positionOf = async (separator: Locator) => Number(await separator.getAttribute('aria-valuenow'));
const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;
const sidebar = () => page.getByRole('complementary', { name: 'Project' });
const requestPane = () => page.locator('.editor-pane').first();
const responsePane = () => page.getByRole('region', { name: 'Response' });

/** Drags the middle of an element by (dx, dy) with the mouse. */
async function drag(locator: Locator, dx: number, dy: number): Promise<void> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('nothing to drag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

/** The layout the app keeps, once the last change has reached it (it is saved a moment after a drag stops). */
async function savedLayout(expected: Record<string, unknown>): Promise<void> {
  const api = await openUiApi(session.app);
  await expect
    .poll(async () => (await api.call('GET', '/api/preferences')).json.layout, { timeout: 5000 })
    .toMatchObject(expected);
}

describe('the sidebar separator', () => {
  it('resizes the sidebar by dragging and by the keyboard, as a WAI-ARIA window splitter', async () => {
    const separator = sidebarSeparator();
    expect(await separator.getAttribute('aria-orientation')).toBe('vertical');
    expect(await separator.getAttribute('aria-controls')).toBe(await sidebar().getAttribute('id'));
    expect(await positionOf(separator)).toBe(290);
    expect(Math.round(await widthOf(sidebar()))).toBe(290);

    await drag(separator, 110, 0);
    await expect.poll(() => positionOf(separator)).toBe(400);
    expect(Math.round(await widthOf(sidebar()))).toBe(400);
    expect(await separator.getAttribute('aria-valuetext')).toBe('Sidebar 400 pixels wide');

    await separator.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await positionOf(separator)).toBe(368);
    await page.keyboard.press('Shift+ArrowRight');
    expect(await positionOf(separator)).toBe(448);
    await page.keyboard.press('End');
    expect(await positionOf(separator)).toBe(640);
    // Dragging past the largest width stops there.
    await drag(separator, 300, 0);
    expect(await positionOf(separator)).toBe(640);
    await page.keyboard.press('ArrowLeft');
    expect(Math.round(await widthOf(sidebar()))).toBe(624);
  });

  it('collapses the sidebar with Enter on the separator and restores it to its width', async () => {
    const separator = sidebarSeparator();
    await separator.focus();
    await page.keyboard.press('Enter');
    await sidebar().waitFor({ state: 'hidden' });
    expect(await positionOf(separator)).toBe(0);
    expect(await separator.getAttribute('aria-valuetext')).toBe('Sidebar hidden');
    // The editor takes the window's width.
    expect(Math.round((await page.locator('main').boundingBox())?.x ?? -1)).toBeLessThanOrEqual(1);
    await page.keyboard.press('Enter');
    await sidebar().waitFor();
    expect(await positionOf(separator)).toBe(624);
  });
});

describe('the collapsible sidebar', () => {
  it('hides with its button and Ctrl/Cmd+B, and comes back with the Show button and the shortcut', async () => {
    await page.getByRole('button', { name: 'Hide the sidebar' }).click();
    await sidebar().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Show the sidebar' }).click();
    await sidebar().waitFor();
    await page.getByLabel('Endpoint name').focus();
    await page.keyboard.press('ControlOrMeta+b');
    await sidebar().waitFor({ state: 'hidden' });
    expect(await page.getByRole('treeitem').count()).toBe(0);
    await page.keyboard.press('ControlOrMeta+b');
    await page.getByRole('treeitem', { name: 'GET Users' }).waitFor();
    // The sidebar's search shortcut shows a hidden sidebar too.
    await page.keyboard.press('ControlOrMeta+b');
    await sidebar().waitFor({ state: 'hidden' });
    await page.keyboard.press('ControlOrMeta+Shift+f');
    await expect
      .poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")'))
      .toBe('Search endpoints');
  });
});

describe('the request and response separator', () => {
  it('sets the request’s share by dragging and by the keyboard, and switches between beside and below', async () => {
    const separator = editorSeparator();
    expect(await separator.getAttribute('aria-orientation')).toBe('vertical');
    expect(await positionOf(separator)).toBe(50);
    const editorWidth = (await page.locator('.editor').boundingBox())?.width ?? 0;
    await drag(separator, -editorWidth * 0.2, 0);
    await expect.poll(() => positionOf(separator)).toBe(30);
    expect(await widthOf(requestPane())).toBeCloseTo(((editorWidth - 1) * 30) / 100, -1);

    await separator.focus();
    await page.keyboard.press('ArrowRight');
    expect(await positionOf(separator)).toBe(35);
    await page.keyboard.press('Home');
    expect(await positionOf(separator)).toBe(20);
    await page.keyboard.press('ArrowLeft');
    expect(await positionOf(separator)).toBe(20);
    await page.keyboard.press('ArrowRight');
    expect(await separator.getAttribute('aria-valuetext')).toBe('Request 25%, response 75%');

    // Beside: the response is to the right of the request.
    let request = await requestPane().boundingBox();
    let response = await responsePane().boundingBox();
    expect(response !== null && request !== null && response.x >= request.x + request.width).toBe(true);

    await page.getByRole('button', { name: 'Put the response below' }).click();
    await expect.poll(() => editorSeparator().getAttribute('aria-orientation')).toBe('horizontal');
    request = await requestPane().boundingBox();
    response = await responsePane().boundingBox();
    expect(response !== null && request !== null && response.y >= request.y + request.height).toBe(true);
    await editorSeparator().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await positionOf(editorSeparator())).toBe(35);
    const editorHeight = (await page.locator('.editor').boundingBox())?.height ?? 0;
    await drag(editorSeparator(), 0, editorHeight * 0.2);
    await expect.poll(() => positionOf(editorSeparator())).toBe(55);
    await session.browser.screenshot('ui-panes-below');
  });
});

describe('the layout across a reload and a restart', () => {
  it('comes back with the sizes, the orientation and the hidden sidebar as they were left', async () => {
    await savedLayout({ sidebarWidth: 624, split: 'vertical', requestShare: 55, sidebarCollapsed: false });
    await page.reload();
    await page.getByLabel('Endpoint name').waitFor();
    await expect.poll(() => positionOf(sidebarSeparator())).toBe(624);
    expect(Math.round(await widthOf(sidebar()))).toBe(624);
    expect(await editorSeparator().getAttribute('aria-orientation')).toBe('horizontal');
    expect(await positionOf(editorSeparator())).toBe(55);

    await page.getByRole('button', { name: 'Hide the sidebar' }).click();
    await savedLayout({ sidebarCollapsed: true });
    const { dataDir } = session.app;
    await session.app.stop();
    const restarted = await startAppProcess({ dataDir });
    await page.goto(await uiUrlOf(restarted));
    await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
    await page.getByRole('button', { name: 'Show the sidebar' }).waitFor();
    expect(await positionOf(sidebarSeparator())).toBe(0);
    await page.getByRole('button', { name: 'Show the sidebar' }).click();
    expect(Math.round(await widthOf(sidebar()))).toBe(624);
  });
});
