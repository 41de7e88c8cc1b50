import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

const USERS = 36_000;
/** About 3 MiB of JSON, past the 2 MiB a response used to be cut at; its last user is the one to find. */
const BIG_JSON = JSON.stringify({
  users: Array.from({ length: USERS }, (_, id) => ({ id, name: `user ${id}`, email: `u${id}@example.com`, n: 1e21 })),
  last: 'the-very-end',
});
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BINARY = Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));

let session: UiSession;
let page: Page;
let server: LocalServer;
let releaseSlow: (() => void) | null = null;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const answers: Record<string, [string, string | Buffer]> = {
      '/big': ['application/json', BIG_JSON],
      '/pixel': ['image/png', PNG],
      '/page': ['text/html', '<!doctype html><h1>Hello from HTML</h1><script>parent.document.title = "owned"</script>'],
      '/blob': ['application/octet-stream', BINARY],
    };
    if (request.url === '/slow') {
      // Answered when the test has seen the time counting.
      releaseSlow = () => response.end('late');
      return;
    }
    const [type, body] = answers[request.url ?? ''] ?? ['text/plain', 'no such thing'];
    response.setHeader('content-type', type);
    response.end(body);
  });
  session = await openUiSession({ clipboard: true });
  page = session.page;
  for (const name of ['big', 'pixel', 'page', 'blob', 'slow']) {
    await session.app.request('POST', '/agent/curl', { body: { command: `curl ${server.origin}/${name}`, name } });
  }
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

async function send(name: string): Promise<void> {
  await page.getByRole('treeitem', { name: `GET ${name}` }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('response-status').waitFor();
}

describe('the response viewer', () => {
  it('shows a 3 MiB JSON body whole and pretty, scrolls to its end, finds text, filters it, and copies it exactly', async () => {
    await send('big');
    const body = page.getByTestId('response-body');
    await body.waitFor();
    expect(Number(await body.getAttribute('data-lines'))).toBeGreaterThan(USERS * 6);
    // Drawn a screenful at a time: far fewer lines are in the page than the body has.
    expect(await body.locator('.code-line').count()).toBeLessThan(500);
    await page.getByRole('region', { name: 'Response body' }).evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await body.getByText('"the-very-end"').waitFor();

    await page.getByLabel('Search the body').fill('u35999@example.com');
    await page.getByText('line 1 of 1').waitFor();
    await body.locator('mark', { hasText: 'u35999@example.com' }).waitFor();
    await page.getByLabel('Search the body').fill('');

    await page.getByLabel('Filter with JSONPath').fill('$.users[?(@.id > 35997)].name');
    await expect.poll(() => body.textContent()).toBe('[\n  "user 35998",\n  "user 35999"\n]');
    await page.getByLabel('Filter with JSONPath').fill('');
    // Back to the whole body, drawn where the box is scrolled to.
    await expect.poll(() => body.locator('.code-line').count()).toBeGreaterThan(20);

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(copied).toBe(BIG_JSON);
    await session.browser.screenshot('ui-response-big-json');
  });

  it('shows an image, previews HTML without running it, and saves a binary body byte for byte', async () => {
    await send('pixel');
    const image = page.getByRole('img', { name: 'Response body (image/png)' });
    await expect
      .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1);

    await send('page');
    await page.getByRole('radio', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview of the HTML body"]');
    await frame.getByRole('heading', { name: 'Hello from HTML' }).waitFor();
    expect(await page.locator('iframe').getAttribute('sandbox')).toBe('');
    expect(await page.title()).not.toBe('owned');

    await send('blob');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save to file' }).click();
    const saved = await (await download).path();
    expect(readFileSync(saved)).toEqual(BINARY);
  });

  it('counts the time while a request is on its way', async () => {
    await page.getByRole('treeitem', { name: 'GET slow' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const elapsed = page.getByTestId('elapsed');
    await elapsed.waitFor();
    const first = await elapsed.textContent();
    await expect.poll(() => elapsed.textContent()).not.toBe(first);
    releaseSlow?.();
    await page.getByTestId('response-status').waitFor();
  });
});
