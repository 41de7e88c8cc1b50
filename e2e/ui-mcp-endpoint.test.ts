import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_STDIO,
  type DemoHttpServer,
  startDemoHttpServer,
} from '../packages/app/src/mcp/mcp-demo-server.test-support.js';
import { describeViolations, seriousViolations } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { openUiApi, type UiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let browser: BrowserSession;
let page: Page;
let api: UiApi;
let demo: DemoHttpServer;
let projectId: string;

beforeAll(async () => {
  demo = await startDemoHttpServer();
  session = await openUiSession();
  ({ browser, page } = session);
  api = await openUiApi(session.app);
  projectId = (await api.call('POST', '/api/projects', { name: 'Servers', baseUrl: demo.origin })).json.id;
  await page.getByRole('list', { name: 'Projects' }).getByText('Servers', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  await demo?.close();
});

/** The MCP view and its result pane; the sidebar around them is checked by the accessibility suite. */
async function expectNoSeriousViolations(): Promise<void> {
  for (const part of ['.mcp-view', 'section[aria-label="Result"]']) {
    expect(describeViolations(await seriousViolations(page, part))).toEqual([]);
  }
}

describe('an MCP server endpoint in the window', () => {
  it('connects over Streamable HTTP, lists tools, calls one from its schema form, and shows the raw exchange', async () => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New MCP server' }).click();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByTestId('mcp-status').getByText('Connected to demo-server 1.2.3').waitFor();

    const tools = page.getByRole('list', { name: 'Tools' });
    expect(await tools.getByRole('button').count()).toBe(5);
    await tools.getByRole('button', { name: /^describe/ }).click();
    const form = page.getByRole('form', { name: 'Arguments of describe' });
    await form.getByRole('button', { name: 'Call describe' }).click();
    await form.getByRole('alert').getByText('message is required').waitFor();
    await form.getByLabel(/^message/).fill('hello');
    await form.getByLabel(/^mood/).selectOption('busy');
    await form.getByLabel(/^count/).fill('3');
    await form.getByLabel(/^tags/).fill('["a", "b"]');
    await form.getByRole('button', { name: 'Call describe' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText('ok', { exact: true }).waitFor();
    expect(JSON.parse(await result.locator('.mcp-text').first().innerText())).toEqual({
      message: 'hello',
      mood: 'busy',
      count: 3,
      tags: ['a', 'b'],
    });
    await expectNoSeriousViolations();
    await browser.screenshot('ui-mcp-tool-result');

    await result.getByRole('tab', { name: /Raw JSON-RPC/ }).click();
    const raw = result.getByRole('list', { name: 'JSON-RPC messages' });
    await raw.getByText(/^tools\/call #\d+$/).waitFor();
    expect(await raw.getByText(/^initialize #0$/).count()).toBe(1);
    await expectNoSeriousViolations();
    await browser.screenshot('ui-mcp-raw');
  });

  it('reads a resource and gets a prompt', async () => {
    await page.getByRole('tab', { name: /^Resources/ }).click();
    await page
      .getByRole('list', { name: 'Resources' })
      .getByRole('button', { name: /^readme/ })
      .click();
    await page.getByRole('button', { name: 'Read resource' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByRole('tab', { name: 'Result' }).click();
    await result.locator('.mcp-text', { hasText: '# Demo' }).waitFor();

    await page.getByRole('tab', { name: /^Prompts/ }).click();
    await page.getByLabel(/^name/).fill('Ada');
    await page.getByRole('button', { name: 'Get prompt' }).click();
    await result.locator('.mcp-text', { hasText: 'Say hello to Ada.' }).waitFor();
  });

  it('disconnects, and is saved like any endpoint, with its calls in History', async () => {
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('treeitem', { name: /New MCP server/ }).waitFor();
    const endpoints = (await api.call('GET', `/api/projects/${projectId}/tree`)).json;
    expect(JSON.stringify(endpoints)).toContain('New MCP server');
    const history = (await api.call('GET', `/api/projects/${projectId}/history`)).json as {
      method: string;
      url: string;
    }[];
    expect(history.filter((item) => item.method === 'MCP').map((item) => item.url)).toContain(demo.url);
  });

  it('starts a stdio server from its command and arguments, and says when it cannot', async () => {
    await page.getByLabel('Transport').selectOption('stdio');
    await page.getByRole('tab', { name: 'Arguments' }).click();
    await page.getByLabel('Arguments, one a line').fill(DEMO_STDIO.args.join('\n'));
    await page.getByLabel('Command', { exact: true }).fill('no-such-mcp-program');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/the command "no-such-mcp-program" was not found/)
      .waitFor();

    await page.getByLabel('Command', { exact: true }).fill(DEMO_STDIO.command);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByTestId('mcp-status').getByText('Connected to demo-server 1.2.3').waitFor();
    await page.getByRole('list', { name: 'Tools' }).getByRole('button', { name: /^Add/ }).click();
    const form = page.getByRole('form', { name: 'Arguments of add' });
    await form.getByLabel(/^a/).fill('2');
    await form.getByLabel(/^b/).fill('40');
    await form.getByRole('button', { name: 'Call add' }).click();
    await page.getByRole('region', { name: 'Result' }).locator('.mcp-text', { hasText: /^42$/ }).waitFor();
    await expectNoSeriousViolations();
    await browser.screenshot('ui-mcp-stdio');
  });
});
