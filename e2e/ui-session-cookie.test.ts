import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { uiUrlOf } from './support/ui-app.js';

let app: AppProcess;
let browser: BrowserSession;
let page: Page;
let uiUrl: URL;
/** Another local server the window (or the person's browser) visits: it records what the browser sent it. */
let other: Server;
let otherOrigin: string;
const seenByOther: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  app = await startAppProcess();
  uiUrl = new URL(await uiUrlOf(app));
  other = createServer((incoming, response) => {
    seenByOther.push(incoming.headers);
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>elsewhere</title><p>another local server</p>');
  });
  await new Promise<void>((listening) => other.listen(0, '127.0.0.1', listening));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => other?.close(closed));
  await cleanupAppProcesses();
});

/** A request to the UI server as another program would make it: right Host and Origin, the cookie it caught. */
function replay(path: string, cookie: string): Promise<{ status: number; text: string }> {
  return new Promise((answered, failed) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: uiUrl.port,
        path,
        headers: { host: uiUrl.host, origin: uiUrl.origin, cookie },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => answered({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', failed);
    outgoing.end();
  });
}

async function agentPanelShowsPort(): Promise<void> {
  await page.getByRole('button', { name: 'Agent' }).click();
  const panel = page.getByRole('dialog', { name: 'Agent' });
  await panel.getByTestId('agent-port').waitFor();
  expect(await panel.getByTestId('agent-port').textContent()).toBe(String(app.port));
  await page.keyboard.press('Escape');
}

describe('the UI session cookie on a machine with other local servers', () => {
  it('works in the window, reaches another loopback port, and alone opens nothing there', async () => {
    await page.goto(uiUrl.href);
    await agentPanelShowsPort();
    expect(page.url()).toBe(`${uiUrl.origin}/`);

    await page.goto(`${otherOrigin}/`);
    const caught = seenByOther
      .map((headers) => headers.cookie ?? '')
      .find((cookie) => cookie.includes('client_session_'));
    // Cookies ignore ports: the other server did receive the session cookie.
    expect(caught).toContain(`client_session_${uiUrl.port}=`);

    for (const path of ['/api/projects', '/api/agent', '/api/events']) {
      const replayed = await replay(path, caught ?? '');
      expect(replayed.status, path).toBe(401);
      expect(JSON.parse(replayed.text)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    // Nor is its value the printed address's secret, which would open a session and hand over a window token.
    const value = /client_session_\d+=([^;\s]+)/.exec(caught ?? '')?.[1] ?? '';
    const reopened = await replay(`/?session=${encodeURIComponent(value)}`, '');
    expect(reopened.status).toBe(401);
  });

  it('keeps working in the window after it came back, without the secret in the address', async () => {
    await page.goto(`${uiUrl.origin}/`);
    await agentPanelShowsPort();
  });
});
