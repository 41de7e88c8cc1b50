import { afterAll, beforeAll, describe, it } from 'vitest';
import { type DemoHttpServer, startDemoHttpServer } from '../../packages/app/src/mcp/mcp-demo-server.test-support.js';
import { cleanupAppProcesses, startAppProcess } from '../support/app-process.js';
import { launchBrowser } from '../support/browser.js';
import { openUiApi } from '../support/ui-api.js';
import { uiUrlOf } from '../support/ui-app.js';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

let demo: DemoHttpServer;
beforeAll(async () => {
  demo = await startDemoHttpServer();
});
afterAll(async () => {
  await cleanupAppProcesses();
  await demo.close();
});

// `npm run screenshots`: an MCP endpoint connected, a tool's form with its result, and the raw JSON-RPC exchange, at
// both window sizes, light and dark.
describe.each(SIZES)('an MCP endpoint at $width×$height', (size) => {
  it.each(SCHEMES)('in the %s theme', async (colorScheme) => {
    const app = await startAppProcess();
    const browser = await launchBrowser({ viewport: size, colorScheme });
    try {
      const api = await openUiApi(app);
      const projectId = (await api.call('POST', '/api/projects', { name: 'Servers', baseUrl: demo.origin })).json.id;
      await api.call('POST', `/api/projects/${projectId}/endpoints`, {
        name: 'Demo tools',
        method: 'POST',
        path: '/mcp',
        queryParams: [],
        headers: [],
        body: { mode: 'none' },
        auth: { type: 'none' },
        state: 'Developing',
        kind: 'mcp',
        mcp: { transport: 'http' },
      });
      const { page } = browser;
      await page.goto(await uiUrlOf(app));
      await page.getByRole('list', { name: 'Projects' }).getByText('Servers', { exact: true }).click();
      await page.getByRole('treeitem', { name: /Demo tools/ }).click();
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByTestId('mcp-status').getByText('Connected to demo-server 1.2.3').waitFor();
      await page
        .getByRole('list', { name: 'Tools' })
        .getByRole('button', { name: /^describe/ })
        .click();
      const form = page.getByRole('form', { name: 'Arguments of describe' });
      await form.getByLabel(/^message/).fill('hello');
      await form.getByLabel(/^mood/).selectOption('calm');
      await form.getByLabel(/^tags/).fill('["alpha", "beta"]');
      await form.getByRole('button', { name: 'Call describe' }).click();
      const result = page.getByRole('region', { name: 'Result' });
      await result.getByText('ok', { exact: true }).waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-mcp-tool`);

      await result.getByRole('tab', { name: /Raw JSON-RPC/ }).click();
      await result.getByText(/^tools\/call #\d+$/).waitFor();
      await browser.screenshot(`${size.width}x${size.height}-${colorScheme}-mcp-raw`);
    } finally {
      await browser.close();
      await cleanupAppProcesses();
    }
  });
});
