import { afterAll, describe, it } from 'vitest';
import { cleanupAppProcesses, startAppProcess } from '../support/app-process.js';
import { launchBrowser } from '../support/browser.js';
import { openUiApi } from '../support/ui-api.js';
import { uiUrlOf } from '../support/ui-app.js';
import { startEchoServer } from '../support/websocket-echo.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

afterAll(() => cleanupAppProcesses());

// `npm run screenshots`: a WebSocket endpoint connected to a local echo server, its timeline with text, JSON and
// binary messages and a JSON message open, at both window sizes, light and dark.
describe.each(SIZES)('a WebSocket endpoint at $width×$height', (size) => {
  it.each(SCHEMES)('in the %s theme', async (colorScheme) => {
    const echo = await startEchoServer();
    const app = await startAppProcess();
    const browser = await launchBrowser({ viewport: size, colorScheme });
    try {
      const api = await openUiApi(app);
      const projectId = (await api.call('POST', '/api/projects', { name: 'Realtime' })).json.id;
      await api.call('POST', `/api/projects/${projectId}/endpoints`, {
        name: 'Order feed',
        method: 'GET',
        path: `ws://127.0.0.1:${echo.port}/orders`,
        queryParams: [],
        headers: [{ key: 'X-Client', value: 'client' }],
        body: { mode: 'none' },
        auth: { type: 'inherit' },
        state: 'Developing',
        kind: 'websocket',
        websocket: {
          subprotocols: ['orders.v1'],
          messages: [{ name: 'Subscribe', format: 'json', data: '{"subscribe":"orders"}' }],
        },
      });
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Realtime', { exact: true }).click();
      await page.getByRole('treeitem', { name: 'WS Order feed' }).click();
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
      const message = page.getByLabel('Message', { exact: true });
      await message.fill('hello');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByLabel('Message format').selectOption('json');
      await message.fill('{"order":{"id":42,"status":"paid","items":[{"sku":"book","qty":2}]}}');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByLabel('Message format').selectOption('binary');
      await message.fill('AAECAwQFBgc=');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByTestId('ws-count').filter({ hasText: '6' }).waitFor();
      await page
        .getByRole('region', { name: 'Messages' })
        .getByRole('button', { name: /Received.*"order"/ })
        .click();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-websocket`);
    } finally {
      await browser.close();
      await cleanupAppProcesses();
      await echo.close();
    }
  });
});
