import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { startEchoServer, uiUrlOf } from './support/ui-app.js';

const SECRET = 'sk_live_e2e-4f9c-never-stored-plain';

let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let echo: Awaited<ReturnType<typeof startEchoServer>>;

beforeAll(async () => {
  echo = await startEchoServer();
  app = await startAppProcess();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = browser.page;
  await page.goto(await uiUrlOf(app));
});

afterAll(async () => {
  await browser?.close();
  await cleanupAppProcesses();
  await echo?.close();
});

/** Evaluated in the page (a string, since the tests are type-checked without the DOM library). */
/** Earlier toasts would cover the screens saved for people to look at; they leave by themselves. */
async function waitForToastsToLeave(): Promise<void> {
  await expect.poll(() => page.locator('.toast').count(), { timeout: 15_000 }).toBe(0);
}

const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');

describe('the Agent panel', () => {
  it('shows the control plane’s real port and token path, and copies the MCP config and a curl example', async () => {
    await page.getByRole('button', { name: 'Agent' }).click();
    const panel = page.getByRole('dialog', { name: 'Agent' });
    await panel.getByTestId('agent-port').waitFor();
    expect(await panel.getByTestId('agent-running').textContent()).toBe('running');
    expect(await panel.getByTestId('agent-port').textContent()).toBe(String(app.port));
    expect(await panel.getByTestId('agent-address').textContent()).toBe(app.address);
    expect(await panel.getByTestId('agent-token-path').textContent()).toBe(app.tokenPath);
    expect(await panel.getByTestId('agent-data-dir').textContent()).toBe(app.dataDir);

    await panel.getByRole('button', { name: 'Copy MCP config' }).click();
    const config = JSON.parse(await clipboard()) as { mcpServers: { client: { command: string } } };
    expect(config.mcpServers.client.command).toMatch(/\/packages\/mcp\/bin\/client-mcp\.js$/);
    await page.getByRole('status').filter({ hasText: 'Copied the MCP config' }).waitFor();

    // Each agent's own shape, and the file Install would write (not clicked: that is the person's real home).
    await panel.getByLabel('Agent to set up').selectOption('vscode');
    const vscode = JSON.parse((await panel.getByTestId('agent-setup-snippet').textContent()) ?? '');
    expect(vscode.servers.client).toMatchObject({ type: 'stdio', command: config.mcpServers.client.command });
    await panel.getByRole('button', { name: /^Install into .*Code\/User\/mcp\.json$/ }).waitFor();
    await panel.getByLabel('Agent to set up').selectOption('claude-code');
    expect(await panel.getByTestId('agent-setup-snippet').textContent()).toMatch(
      /^claude mcp add --scope user client -- /,
    );
    await panel.getByLabel('Agent to set up').selectOption('json');

    await panel.getByRole('button', { name: 'Copy curl example' }).click();
    const example = await clipboard();
    expect(example).toContain(`curl -X POST ${app.address}/agent/curl`);
    expect(example).toContain(`$(cat ${app.tokenPath})`);
    expect(example).not.toContain(app.token);
    await browser.screenshot('ui-06-agent-panel');
    await page.keyboard.press('Escape');
  });
});

describe('secrets', () => {
  it('masks a secret variable, reveals it on request, sends it, and never writes its plaintext to client.db', async () => {
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Vault');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Start with a request' }).waitFor();

    await page.getByRole('button', { name: 'Manage environments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environments' });
    await dialog.getByRole('button', { name: 'New environment' }).click();
    await dialog.getByLabel('Environment name').fill('Local');
    await dialog.getByLabel('Environment name').press('Enter');
    await dialog.getByRole('heading', { name: 'Local' }).waitFor();
    await dialog.getByLabel('Variable name 1').fill('base_url');
    await dialog.getByLabel('Variable value 1').fill(echo.origin);
    await dialog.getByLabel('Variable name 2').fill('token');
    await dialog.getByLabel('Secret token').check();
    await dialog.getByLabel('Variable value 2').fill(SECRET);
    expect(await dialog.getByLabel('Variable value 2').getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Save variables' }).click();
    await dialog.getByRole('button', { name: 'Save variables' }).and(page.locator(':disabled')).waitFor();
    expect(await dialog.getByText(/encrypted with a key/).textContent()).toContain('encrypted with a key');
    await waitForToastsToLeave();
    await browser.screenshot('ui-07-environments');
    await page.keyboard.press('Escape');

    // Reopened, the page holds no value for the secret until it is revealed.
    await page.getByRole('button', { name: 'Manage environments' }).click();
    const reopened = page.getByRole('dialog', { name: 'Environments' });
    expect(await reopened.getByLabel('Variable value 2').inputValue()).toBe('');
    expect(await page.content()).not.toContain(SECRET);
    await reopened.getByRole('button', { name: 'Reveal token' }).click();
    await expect.poll(() => reopened.getByLabel('Variable value 2').inputValue()).toBe(SECRET);
    expect(await reopened.getByLabel('Variable value 2').getAttribute('type')).toBe('text');
    await page.keyboard.press('Escape');

    await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'Local' });
    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByLabel('URL path').fill('/me');
    await page.getByRole('tab', { name: /Auth/ }).click();
    await page.getByLabel('Auth type').selectOption('bearer');
    await page.getByLabel('Token').fill('{{token}}');
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('response-status').waitFor();
    expect(echo.received.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);
    await page.keyboard.press('Control+s');
    await page.getByRole('button', { name: 'Save' }).and(page.locator(':disabled')).waitFor();

    const databaseFiles = readdirSync(app.dataDir).filter((name) => name.startsWith('client.db'));
    expect(databaseFiles).toContain('client.db');
    for (const name of databaseFiles) {
      expect(readFileSync(join(app.dataDir, name)).includes(SECRET), name).toBe(false);
    }
    const listing = (await app.request('GET', '/agent/projects')).text;
    expect(listing).not.toContain(SECRET);
  });
});

describe('the sample project', () => {
  it('is made on request, with folders, variables and an environment, and reads well in the dark theme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Projects', exact: true }).click();
    await page.getByRole('button', { name: 'Sample project' }).click();
    await page.getByRole('treeitem', { name: 'POST Create post' }).click();
    await page.getByLabel('Endpoint name').waitFor();
    expect(await page.getByLabel('Environment', { exact: true }).inputValue()).not.toBe('');
    expect(await page.getByTestId('resolved-url').textContent()).toContain(
      'https://jsonplaceholder.typicode.com/posts',
    );
    await waitForToastsToLeave();
    await browser.screenshot('ui-08-sample-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
