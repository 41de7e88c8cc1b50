import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, runClientCommand } from './support/app-process.js';
import type { BrowserSession } from './support/browser.js';
import { editorText } from './support/code-editor.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let server: LocalServer;
let files: string;
const received: Received[] = [];

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'client-e2e-pick-'));
  server = await startLocalServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
  });
  session = await openUiSession();
  ({ app, browser, page } = session);
  const created = await runClientCommand(['project', 'create', 'Shop', '--base-url', server.origin], {
    dataDir: app.dataDir,
  });
  expect(created.code).toBe(0);
  await page.getByRole('list', { name: 'Projects' }).getByText('Shop', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  rmSync(files, { recursive: true, force: true });
});

const tab = (name: string) =>
  page
    .getByRole('tablist', { name: 'Request parts' })
    .getByRole('tab', { name: new RegExp(`^${name}`) })
    .click();

async function send(): Promise<Received> {
  const before = received.length;
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(before);
  await page.getByTestId('response-status').waitFor();
  return received[before] as Received;
}

describe('rows switched off', () => {
  it('are kept in the editor but not sent, and History does not show them', async () => {
    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByLabel('Endpoint name').fill('Search');
    await page.getByLabel('Method').selectOption('POST');
    await page.getByLabel('URL path').fill('/search?q=a&debug=1');
    await tab('Headers');
    await page.getByLabel('Header name 1').fill('X-On');
    await page.getByLabel('Header value 1').fill('yes');
    await page.getByLabel('Header name 2').fill('X-Off');
    await page.getByLabel('Header value 2').fill('never');
    await tab('Body');
    await page.getByRole('radio', { name: 'Form URL-encoded' }).click();
    await page.getByLabel('Form field name 1').fill('name');
    await page.getByLabel('Form field value 1').fill('Ann');
    await page.getByLabel('Form field name 2').fill('hidden');
    await page.getByLabel('Form field value 2').fill('never');

    await page.getByRole('checkbox', { name: 'Use Form field hidden' }).uncheck();
    await tab('Headers');
    await page.getByRole('checkbox', { name: 'Use Header X-Off' }).uncheck();
    await tab('Params');
    await page.getByRole('checkbox', { name: 'Use Query param debug' }).uncheck();
    // The URL field shows what is sent; the switched-off param stays in the table.
    await expect.poll(() => editorText(page.getByLabel('URL path'))).toBe('/search?q=a');
    expect(await editorText(page.getByLabel('Query param name 2'))).toBe('debug');
    await browser.screenshot('ui-row-toggles');

    const got = await send();
    expect(got.url).toBe('/search?q=a');
    expect(got.headers['x-on']).toBe('yes');
    expect(got.headers['x-off']).toBeUndefined();
    expect(got.body.toString()).toBe('name=Ann');

    await page.keyboard.press('Control+s');
    await page.getByRole('button', { name: 'Save' }).and(page.locator(':disabled')).waitFor();
    const projects = (await app.request('GET', '/agent/projects')).json as { projectId: string }[];
    const [listed] = (await app.request('GET', `/agent/endpoints/${projects[0]?.projectId}`)).json as {
      queryParams: unknown;
      headers: unknown[];
      body: { fields: unknown };
    }[];
    expect(listed?.queryParams).toEqual([
      { key: 'q', value: 'a' },
      { key: 'debug', value: '1', enabled: false },
    ]);
    expect(listed?.headers).toContainEqual({ key: 'X-Off', value: 'never', enabled: false });
    expect(listed?.body.fields).toEqual([
      { key: 'name', value: 'Ann' },
      { key: 'hidden', value: 'never', enabled: false },
    ]);

    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'History' }).getByRole('button').first().click();
    await page.getByRole('heading', { name: /^Sent / }).waitFor();
    const shown = await page.evaluate<string>('document.body.innerText');
    expect(shown).toContain('X-On');
    expect(shown).toContain(`${server.origin}/search?q=a`);
    expect(shown).not.toMatch(/X-Off|debug|hidden|never/);
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByRole('treeitem', { name: 'POST Search' }).click();
    await page.getByLabel('Endpoint name').waitFor();
  });

  it('are edited as text, // for a row that is off, and sent as the text says', async () => {
    await tab('Headers');
    await page.getByRole('button', { name: 'Bulk edit' }).click();
    const headers = page.getByLabel('Headers as text');
    expect(await headers.inputValue()).toBe('X-On: yes\n//X-Off: never');
    await headers.fill('X-Bulk: 1\n//X-Skip: 2');
    await browser.screenshot('ui-bulk-edit');
    await page.getByRole('button', { name: 'Table' }).click();
    expect(await editorText(page.getByLabel('Header name 2'))).toBe('X-Skip');
    expect(await page.getByRole('checkbox', { name: 'Use Header X-Skip' }).isChecked()).toBe(false);

    await tab('Params');
    await page.getByRole('button', { name: 'Bulk edit' }).click();
    await page.getByLabel('Query params as text').fill('page=3\n//skip=1\nq=b');

    const got = await send();
    expect(got.url).toBe('/search?page=3&q=b');
    expect(got.headers['x-bulk']).toBe('1');
    expect(got.headers['x-skip']).toBeUndefined();
    expect(got.headers['x-on']).toBeUndefined();
  });
});

describe('an environment variable switched off', () => {
  it('is kept in the environment but undefined to the request, which is told so', async () => {
    await page.getByRole('button', { name: 'Manage environments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await dialog.getByRole('button', { name: 'New environment' }).click();
    await dialog.getByLabel('Environment name').fill('Local');
    await dialog.getByLabel('Environment name').press('Enter');
    await dialog.getByRole('heading', { name: 'Local' }).waitFor();
    await dialog.getByLabel('Variable name 1').fill('tag');
    await dialog.getByLabel('Variable value 1').fill('v1');
    await dialog.getByRole('checkbox', { name: 'Use variable tag' }).uncheck();
    await dialog.getByRole('button', { name: 'Save variables' }).click();
    await dialog.getByRole('button', { name: 'Save variables' }).and(page.locator(':disabled')).waitFor();
    await browser.screenshot('ui-environment-variable-off');
    await page.keyboard.press('Escape');
    await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'Local' });

    await tab('Headers');
    await page.getByLabel('Header name 3').fill('X-Tag');
    await page.getByLabel('Header value 3').fill('{{tag}}');
    const off = await send();
    expect(off.headers['x-tag']).toBe('{{tag}}');
    await page
      .getByText('{{tag}} is not defined in the project or the environment', { exact: false })
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Manage environments' }).click();
    await dialog.getByRole('checkbox', { name: 'Use variable tag' }).check();
    await dialog.getByRole('button', { name: 'Save variables' }).click();
    await dialog.getByRole('button', { name: 'Save variables' }).and(page.locator(':disabled')).waitFor();
    await page.keyboard.press('Escape');
    const on = await send();
    expect(on.headers['x-tag']).toBe('v1');
  });
});

describe('a file picked with "Choose file…"', () => {
  it('is sent as a file body, byte for byte, and as a multipart file part', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0d, 0x0a, 0x7f, 0x80]);
    const picked = join(files, 'payload.bin');
    writeFileSync(picked, bytes);

    await tab('Body');
    await page.getByRole('radio', { name: 'File', exact: true }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose body file' }).click(),
    ]);
    await chooser.setFiles(picked);
    await expect.poll(() => page.getByLabel('Body file path').inputValue()).toMatch(/picked-files\/.+\/payload\.bin$/);
    await browser.screenshot('ui-file-picker');
    const got = await send();
    expect(got.body).toEqual(bytes);

    await page.getByRole('radio', { name: 'Multipart form' }).click();
    await page.getByLabel('Part name 1').fill('doc');
    await page.getByLabel('Part kind 1').selectOption('file');
    const [partChooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Choose file for part 1' }).click(),
    ]);
    await partChooser.setFiles(picked);
    await expect.poll(() => page.getByLabel('Part file path 1').inputValue()).toMatch(/payload\.bin$/);
    const multipart = await send();
    const part = Buffer.concat([
      Buffer.from('filename="payload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n'),
      bytes,
    ]);
    expect(multipart.body.includes(part)).toBe(true);
  });
});
