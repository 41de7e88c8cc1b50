import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { launchPageTarget, standInBrowser } from './support/stand-in-browser.js';
import { uiUrlOf } from './support/ui-app.js';
import { type LocalServer, openUiSession, startLocalServer, type UiSession } from './support/ui-session.js';

const dir = mkdtempSync(join(tmpdir(), 'client-ui-auth-'));
const systemBrowser = standInBrowser(dir);

let session: UiSession;
let browser: BrowserSession;
let page: Page;
let server: LocalServer;
let authServer: OAuth2Server;
const authorizations: (string | undefined)[] = [];
const teamKeys: (string | undefined)[] = [];

/** Serious and critical axe-core violations inside `selector`, as `rule: target` lines. */
async function axeViolations(target: Page, selector: string): Promise<string[]> {
  // Evaluated through the browser's devtools protocol: the page's CSP rightly refuses an injected script tag.
  await target.evaluate(axe.source);
  return target.evaluate(async (within) => {
    const page = globalThis as unknown as { axe: { run(context: string): Promise<{ violations: unknown[] }> } };
    const { violations } = await page.axe.run(within);
    return (violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }, selector);
}

beforeAll(async () => {
  server = await startLocalServer((incoming, response) => {
    authorizations.push(incoming.headers.authorization);
    teamKeys.push(incoming.headers['x-team-key'] as string | undefined);
    response.end('ok');
  });
  authServer = new OAuth2Server();
  await authServer.issuer.keys.generate('RS256');
  await authServer.start(0, '127.0.0.1');
  session = await openUiSession({ clipboard: true, env: { BROWSER: systemBrowser.program } });
  ({ browser, page } = session);
});

afterAll(async () => {
  await session?.close();
  await server?.close();
  await authServer?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('auth in the editor', () => {
  it('is set once for the project, inherited by a new request, and shown where it comes from', async () => {
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel('Project name').fill('Billing');
    await page.getByLabel('Base URL').fill(server.origin);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Start with a request' }).waitFor();

    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('menuitem', { name: 'Project auth…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Project auth' });
    await dialog.getByLabel('Auth type').selectOption('bearer');
    await dialog.getByLabel('Token').fill('project-wide-token');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New request' }).first().click();
    await page.getByRole('tab', { name: /Auth/ }).click();
    expect(await page.getByLabel('Auth type').inputValue()).toBe('inherit');
    await expect
      .poll(() => page.getByTestId('inherited-auth').textContent())
      .toBe(
        'Sends a bearer token, set by the project Billing. Change it there, or pick an auth here to override it for this request.',
      );
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('response-status').waitFor();
    expect(authorizations.at(-1)).toBe('Bearer project-wide-token');
    // Copied with the auth it is sent with, not without one.
    await page.getByRole('button', { name: 'Copy as cURL' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied as cURL' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toContain(
      "-H 'Authorization: Bearer project-wide-token'",
    );
    await browser.screenshot('ui-auth-inherited');
    expect(await axeViolations(page, '.auth-editor')).toEqual([]);
  });

  it('signs in with OAuth 2.0 authorization code through the system browser and sends the token', async () => {
    await page.getByLabel('Auth type').selectOption('oauth2Code');
    const issuer = authServer.issuer.url ?? '';
    await page.getByRole('textbox', { name: 'Authorization URL' }).fill(`${issuer}/authorize`);
    await page.getByRole('textbox', { name: 'Token URL' }).fill(`${issuer}/token`);
    await page.getByRole('textbox', { name: 'Client ID' }).fill('desktop-app');
    await page.getByRole('textbox', { name: 'Scope' }).fill('openid');
    await page.getByRole('button', { name: 'Get token' }).click();
    await page.getByRole('button', { name: 'Waiting for the browser…' }).waitFor();
    await browser.screenshot('ui-auth-oauth2-waiting');

    // The person's browser: the launch page the app opened, to the authorization server and back to the app.
    const lastOpened = () => {
      const opened = systemBrowser.visits().at(-1)?.page;
      return opened === undefined || opened === null ? '' : launchPageTarget(opened.text);
    };
    await expect.poll(lastOpened, { timeout: 15_000, interval: 50 }).toContain(`${issuer}/authorize?`);
    const url = lastOpened();
    const authorize = await request(url);
    await authorize.body.dump();
    await (await request(String(authorize.headers.location))).body.dump();

    await expect
      .poll(() => page.getByTestId('token-status').textContent())
      .toMatch(/^Signed in: the access token expires/);
    expect(await axeViolations(page, '.auth-editor')).toEqual([]);
    await browser.screenshot('ui-auth-oauth2-signed-in');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => authorizations.at(-1)).toMatch(/^Bearer eyJ/);
  });

  it('is set on a folder for the requests inside it, over the project’s', async () => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('Team');
    await page.getByLabel('Folder name').press('Enter');
    await page.getByRole('treeitem', { name: 'Team' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Auth…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Auth of Team' });
    expect(await dialog.getByLabel('Auth type').inputValue()).toBe('inherit');
    await dialog.getByLabel('Auth type').selectOption('apiKey');
    await dialog.getByLabel('Key', { exact: true }).fill('X-Team-Key');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('team-key-1');
    await browser.screenshot('ui-auth-folder-dialog');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('treeitem', { name: 'Team' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'New request' }).click();
    await page.getByRole('tab', { name: /Auth/ }).click();
    await expect.poll(() => page.getByTestId('inherited-auth').textContent()).toContain('set by the folder Team');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => teamKeys.at(-1)).toBe('team-key-1');
    expect(authorizations.at(-1)).toBeUndefined();
  });

  it('shows AWS Signature v4 and the other auths legibly at every size and in both themes', async () => {
    await page.getByLabel('Auth type').selectOption('awsSigV4');
    await page.getByRole('textbox', { name: 'Access key ID' }).fill('AKIDEXAMPLE');
    await page.getByRole('textbox', { name: 'Region' }).fill('eu-west-1');
    await page.getByRole('textbox', { name: 'Service' }).fill('execute-api');
    expect(await axeViolations(page, '.auth-editor')).toEqual([]);
    await browser.screenshot('ui-auth-aws-1440-light');
    const address = page.url();
    for (const [name, options] of [
      ['ui-auth-aws-1024-light', { viewport: { width: 1024, height: 700 } }],
      ['ui-auth-aws-1440-dark', { colorScheme: 'dark' as const }],
      ['ui-auth-aws-1024-dark', { viewport: { width: 1024, height: 700 }, colorScheme: 'dark' as const }],
    ] as const) {
      const other = await launchBrowser(options);
      try {
        await other.page.goto(await uiUrlOf(session.app));
        // The window has its session and has listed the projects before it is sent to the project's address.
        await other.page.getByRole('list', { name: 'Projects' }).waitFor();
        await other.page.goto(address);
        await other.page.getByRole('tab', { name: /Auth/ }).click();
        await other.page.getByLabel('Auth type').waitFor();
        await other.screenshot(name);
      } finally {
        await other.close();
      }
    }
  });
});
