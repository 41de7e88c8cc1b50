import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from './support/app-process.js';
import type { BrowserSession } from './support/browser.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await openUiSession({ clipboard: true });
  ({ app, browser, page } = session);
});

afterAll(() => session?.close());

const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');

describe('copy as', () => {
  it('writes the endpoint as cURL for cmd.exe and as code in other languages, from the same request', async () => {
    const command = `curl https://api.example.com/v1/orders -H 'X-Trace: a "b"' --json '{"item":"book","qty":2}'`;
    expect((await app.request('POST', '/agent/curl', { body: { command, name: 'Order' } })).status).toBe(201);
    await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
    await page.getByRole('treeitem', { name: 'POST Order' }).click();

    const copyAs = async (label: string) => {
      await page.getByRole('button', { name: 'Copy as another format' }).click();
      await page.getByRole('menuitem', { name: label }).click();
      const dialog = page.getByRole('dialog', { name: 'Copy as code' });
      const code = dialog.getByRole('textbox', { name: 'Code' });
      await expect.poll(() => code.getAttribute('aria-busy')).toBe('false');
      const shown = await code.inputValue();
      await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Copied as ${label}` })
        .waitFor();
      const copied = await clipboard();
      expect(copied).toBe(shown);
      return copied;
    };

    const cmd = await copyAs('cURL (Windows cmd)');
    expect(cmd).toContain('curl https://api.example.com/v1/orders ^\n');
    expect(cmd).toContain('-H ^"X-Trace: a \\^"b\\^"^" ^\n');

    const python = await copyAs('Python (http.client)');
    expect(python).toContain('import http.client');
    expect(python).toContain('urllib.parse.urlsplit("https://api.example.com")');
    expect(python).toContain('connection.putrequest("POST", "/v1/orders"');
    expect(python).toContain('("X-Trace", "a \\"b\\"")');

    const go = await copyAs('Go (net/http)');
    expect(go).toContain('http.NewRequest("POST", "https://api.example.com/v1/orders"');
    await browser.screenshot('ui-copy-as');
  });
});
