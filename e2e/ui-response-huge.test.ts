import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

/**
 * About 48 MB of JSON, within the 50 MiB the app keeps whole for the viewer: pretty, each item is a line of its
 * own, some 2.4 million lines, whose height is beyond what Chromium draws as one element.
 */
const ITEMS = 2_400_000;
const TOKEN = 'the-final-token-zq9';
const HUGE_JSON = `{"rows":[${Array.from({ length: ITEMS }, (_, index) => `"r${index}-abcdefgh"`).join(',')}],"last":"${TOKEN}"}`;

let session: UiSession;
let page: Page;
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(HUGE_JSON);
  });
  session = await openUiSession();
  page = session.page;
  await session.app.request('POST', '/agent/curl', { body: { command: `curl ${server.origin}/huge`, name: 'huge' } });
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

/** Whether `target` lies wholly inside the visible part of `box`. */
async function inView(target: Locator, box: Locator): Promise<boolean> {
  if ((await target.count()) === 0) return false;
  const [inner, outer] = await Promise.all([target.boundingBox(), box.boundingBox()]);
  if (inner === null || outer === null) return false;
  return inner.y >= outer.y && inner.y + inner.height <= outer.y + outer.height;
}

describe('a response body taller than the browser can draw', () => {
  it('reaches its last line by dragging to the bottom, by search and by Ctrl+End', async () => {
    await page.getByRole('treeitem', { name: 'GET huge' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const body = page.getByTestId('response-body');
    await body.waitFor({ timeout: 90_000 });
    expect(Number(await body.getAttribute('data-lines'))).toBe(ITEMS + 5);
    const region = page.getByRole('region', { name: 'Response body' });
    const token = body.getByText(`"${TOKEN}"`);
    const lastLine = body.locator('.code-line').last();

    // The scrollbar's thumb dragged to the bottom (the headless browser draws no scrollbar to drag by mouse).
    await region.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect.poll(() => inView(token, region)).toBe(true);
    expect(await lastLine.textContent()).toBe('}');
    expect(await inView(lastLine, region)).toBe(true);
    await screenshotsAndViolations('ui-response-huge-end', '.code-scroll');

    await region.evaluate((element) => {
      element.scrollTop = 0;
    });
    await body.getByText('"r0-abcdefgh"').waitFor();
    await page.getByLabel('Search the body').fill(TOKEN);
    await page.getByText('line 1 of 1').waitFor();
    const hit = body.locator('mark', { hasText: TOKEN });
    await expect.poll(() => inView(hit, region)).toBe(true);
    await page.getByLabel('Search the body').fill('');

    await region.evaluate((element) => {
      element.scrollTop = 0;
    });
    await body.getByText('"r0-abcdefgh"').waitFor();
    await region.focus();
    await page.keyboard.press('Control+End');
    await expect.poll(() => inView(token, region)).toBe(true);
    expect(await lastLine.textContent()).toBe('}');

    // Small scrolls move the lines by as much as the scroller moved.
    await page.keyboard.press('Control+Home');
    await body.getByText('"r0-abcdefgh"').waitFor();
    const box = await region.boundingBox();
    if (box === null) throw new Error('the response body is not on the page');
    await region.evaluate((element) => {
      element.scrollTop = 5_000_000;
    });
    const item = (text: string | null) => Number(/"r(\d+)-/.exec(text ?? '')?.[1]);
    // The lines follow the jump a frame or more later: the first line is read once it has moved and holds still.
    let before: string | null = null;
    await expect
      .poll(async () => {
        const now = await body.locator('.code-line').first().textContent();
        const settled = now === before && item(now) > 0;
        before = now;
        return settled;
      })
      .toBe(true);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 19 * 3);
    await expect.poll(async () => item(await body.locator('.code-line').first().textContent()) - item(before)).toBe(3);
  });
});

/** The page at both window sizes, in the light theme and the dark, with `part` checked by axe in each. */
async function screenshotsAndViolations(name: string, part: string): Promise<void> {
  const found: string[] = [];
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await session.browser.screenshot(`${name}-${width}x${height}-${colorScheme}`);
      found.push(...describeViolations(await seriousViolations(page, part)).map((line) => `${colorScheme}: ${line}`));
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found).toEqual([]);
}
