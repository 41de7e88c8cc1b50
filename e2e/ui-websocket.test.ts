import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { openUiApi } from './support/ui-api.js';
import { openUiSession, type UiSession } from './support/ui-session.js';
import { type EchoServer, startEchoServer } from './support/websocket-echo.js';

let session: UiSession;
let browser: BrowserSession;
let page: Page;
let echo: EchoServer;

beforeAll(async () => {
  echo = await startEchoServer();
  session = await openUiSession();
  ({ browser, page } = session);
  const api = await openUiApi(session.app);
  const projectId = (await api.call('POST', '/api/projects', { name: 'Realtime' })).json.id;
  await api.call('PUT', `/api/projects/${projectId}/variables`, {
    variables: [
      { key: 'echo_host', value: `127.0.0.1:${echo.port}` },
      { key: 'token', value: 'tok-123' },
    ],
  });
});

afterAll(async () => {
  await session?.close();
  await echo?.close();
});

const messages = () => page.getByRole('region', { name: 'Messages' });

describe('a WebSocket endpoint in the window', () => {
  it('connects through the app, sends text, JSON and binary, shows the timeline, and is saved with its messages', async () => {
    await page.getByRole('list', { name: 'Projects' }).getByText('Realtime', { exact: true }).click();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New WebSocket' }).click();
    await page.getByLabel('WebSocket URL').fill('ws://{{echo_host}}/chat?room=1');
    await expect
      .poll(() => page.getByTestId('resolved-url').textContent())
      .toBe(`ws://127.0.0.1:${echo.port}/chat?room=1`);
    await page.getByRole('tab', { name: 'Headers' }).click();
    await page.getByRole('textbox', { name: 'Header name 1' }).fill('X-Token');
    await page.getByRole('textbox', { name: 'Header value 1' }).fill('{{token}}');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('textbox', { name: 'Subprotocols' }).fill('chat.v2, json');

    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'subprotocol chat.v2' }).waitFor();
    expect(echo.handshakes.at(-1)).toMatchObject({ 'x-token': 'tok-123', 'sec-websocket-protocol': 'chat.v2,json' });

    await page.getByRole('tab', { name: 'Message', exact: true }).click();
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('hello there');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('ws-count').textContent()).toBe('2');

    await page.getByLabel('Message format').selectOption('json');
    await message.fill('{"type":"order","items":[1,2]}');
    await page.getByRole('button', { name: 'Save message' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('ws-count').textContent()).toBe('4');

    await page.getByLabel('Message format').selectOption('binary');
    await message.fill('AAEC/w==');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByTestId('ws-count').textContent()).toBe('6');
    await messages().getByText('00 01 02 ff').first().waitFor();

    // The echoed JSON, chosen, is laid out.
    await messages()
      .getByRole('button', { name: /Received.*"type":"order"/ })
      .click();
    await expect
      .poll(() => page.getByTestId('ws-detail').textContent())
      .toBe('{\n  "type": "order",\n  "items": [\n    1,\n    2\n  ]\n}');
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('HELLO');
    await expect.poll(() => messages().getByRole('listitem').count()).toBe(2);
    // The editor and timeline; the sidebar's empty-project links are another screen's.
    const violations = await seriousViolations(page, 'main');
    expect(describeViolations(violations)).toEqual([]);
    await browser.screenshot('ui-websocket-timeline');
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');

    // A saved message is sent again with one click.
    await page.getByRole('tab', { name: /Saved messages/ }).click();
    await page.getByRole('button', { name: /^Send \{"type":"order"/ }).click();
    await expect.poll(() => page.getByTestId('ws-count').textContent()).toBe('8');

    await page.getByLabel('Endpoint name').fill('Chat');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('treeitem', { name: 'WS Chat' }).waitFor();

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('status').filter({ hasText: 'Disconnected' }).waitFor();
  });
});
