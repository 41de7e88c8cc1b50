import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from './support/app-process.js';
import { describeViolations, seriousViolations } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { openUiApi } from './support/ui-api.js';
import { startEchoServer } from './support/ui-app.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

let session: UiSession;
let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let echo: Awaited<ReturnType<typeof startEchoServer>>;
let endpointId: string;
let projectId: string;

beforeAll(async () => {
  echo = await startEchoServer();
  session = await openUiSession();
  ({ app, browser, page } = session);
  const imported = await app.request('POST', '/agent/curl', {
    body: { command: `curl ${echo.origin}/orders -H 'Authorization: Bearer e2e-window-token-1234'`, name: 'Orders' },
  });
  ({ endpointId, projectId } = imported.json as { endpointId: string; projectId: string });
  await page.getByRole('list', { name: 'Projects' }).getByText('Agent imports', { exact: true }).click();
});

afterAll(async () => {
  await session?.close();
  await echo?.close();
});

const send = (timeoutMs = 20_000) => app.request('POST', '/agent/send', { body: { endpointId, timeoutMs } });

describe('an agent’s send in the window', () => {
  it('shows the request with its credentials masked, starts on Deny, and sends nothing when denied', async () => {
    const sending = send();
    const dialog = page.getByRole('dialog', { name: 'An agent asks to send a request' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('agent-prompt').textContent()).toContain(`${echo.origin}/orders`);
    expect(await dialog.textContent()).not.toContain('e2e-window-token-1234');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Deny');
    await browser.screenshot('ui-agent-send-prompt');
    await page.keyboard.press('Enter');
    const denied = await sending;
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ code: 'DENIED' });
    expect(echo.received).toEqual([]);
  });

  it('sends when allowed by a click, and the send appears in History marked as an agent’s', async () => {
    const sending = send();
    await page.getByRole('button', { name: 'Allow once' }).click();
    const allowed = await sending;
    expect(allowed.status).toBe(200);
    expect(echo.received).toHaveLength(1);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'History' }).getByText('agent', { exact: true }).waitFor();
  });

  it('notifies the desktop when the window is in the background, without the credentials', async () => {
    // The page's own Notification and focus, recorded: headless Chromium has no desktop to show them on.
    await page.evaluate(`(() => {
      window.shown = [];
      window.Notification = class {
        static permission = 'granted';
        constructor(title, options) { window.shown.push({ title, body: options.body }); }
      };
      document.hasFocus = () => false;
    })()`);
    const sending = send();
    await page.getByRole('dialog', { name: 'An agent asks to send a request' }).waitFor();
    const shown = await page.evaluate<{ title: string; body: string }[]>('window.shown');
    expect(shown).toEqual([{ title: 'An agent asks to send a request', body: expect.stringContaining('/orders') }]);
    expect(JSON.stringify(shown)).not.toContain('e2e-window-token-1234');
    expect(await page.title()).toMatch(/^\(1\) /);
    await page.getByRole('button', { name: 'Deny' }).click();
    expect((await sending).status).toBe(403);
    await expect.poll(() => page.title()).not.toMatch(/^\(1\) /);
  });

  it('keeps a project allowed for 15 minutes, listed in the Agent panel until revoked there', async () => {
    const sending = send();
    await page.getByRole('button', { name: 'Allow this project for 15 minutes' }).click();
    expect((await sending).status).toBe(200);
    expect((await send(1_000)).status).toBe(200);
    await page.getByRole('button', { name: /agent/i }).first().click();
    const permissions = page.getByRole('list', { name: 'Standing permissions' });
    await permissions.getByText('every endpoint of Agent imports', { exact: false }).waitFor();
    await browser.screenshot('ui-agent-permissions');
    await permissions.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('agent-permissions-empty').waitFor();
    const waited = await send(1_000);
    expect(waited.json).toMatchObject({ code: 'CONSENT_TIMEOUT' });
  });

  it('shows an agent’s run with every request and host, offers no endpoint permission, and runs once allowed', async () => {
    const running = app.request('POST', '/agent/run', { body: { projectId, timeoutMs: 20_000 } });
    const dialog = page.getByRole('dialog', { name: 'An agent asks to run tests' });
    await dialog.waitFor();
    const shown = await dialog.getByTestId('agent-prompt').textContent();
    expect(shown).toContain(`1 request to ${new URL(echo.origin).host}`);
    expect(shown).toContain(`${echo.origin}/orders`);
    expect(shown).not.toContain('e2e-window-token-1234');
    expect(await dialog.getByRole('button', { name: 'Allow this endpoint until Client closes' }).count()).toBe(0);
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe('Deny');
    // The dialog itself: the page behind it is checked by the accessibility tests of its own screens.
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    await browser.screenshot('ui-agent-run-prompt');
    const received = echo.received.length;
    await page.getByRole('button', { name: 'Allow once' }).click();
    const ran = await running;
    expect(ran.status).toBe(200);
    expect(ran.json).toMatchObject({ status: 'passed', requests: { total: 1, failed: 0 } });
    expect(echo.received).toHaveLength(received + 1);
  });

  it('names each secret an agent’s request carries and the host it goes to, never its value', async () => {
    const ui = await openUiApi(app);
    const environment = (await ui.call('POST', `/api/projects/${projectId}/environments`, { name: 'Live' })).json;
    await ui.call('PUT', `/api/environments/${environment.id}/variables`, {
      variables: [{ key: 'db_password', value: 'pw-e2e-window-5678', secret: true }],
    });
    await ui.call('PUT', `/api/projects/${projectId}/active-environment`, { environmentId: environment.id });
    const planted = await app.request('POST', '/agent/curl', {
      body: { command: `curl '${echo.origin}/search?q={{db_password}}'`, projectId, name: 'Search' },
    });
    const sending = app.request('POST', '/agent/send', {
      body: { endpointId: (planted.json as { endpointId: string }).endpointId, timeoutMs: 20_000 },
    });
    const dialog = page.getByRole('dialog', { name: 'An agent asks to send a request' });
    await dialog.waitFor();
    const secrets = dialog.getByTestId('agent-prompt-secrets');
    expect(await secrets.getByRole('row').textContent()).toBe(`{{db_password}}to ${new URL(echo.origin).host}`);
    expect(await secrets.textContent()).toContain('An agent wrote this request and it carries your secrets');
    expect(await dialog.textContent()).not.toContain('pw-e2e-window-5678');
    expect(describeViolations(await seriousViolations(page, '[role="dialog"]'))).toEqual([]);
    await browser.screenshot('ui-agent-send-secrets');
    const received = echo.received.length;
    await page.getByRole('button', { name: 'Deny' }).click();
    expect((await sending).json).toMatchObject({ code: 'DENIED' });
    expect(echo.received).toHaveLength(received);
  });
});
