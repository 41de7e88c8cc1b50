import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './app-process.js';
import { type BrowserSession, launchBrowser } from './browser.js';
import { uiUrlOf } from './ui-app.js';

/** A real app process with its UI open in Chromium. */
export interface UiSession {
  app: AppProcess;
  browser: BrowserSession;
  page: Page;
  close(): Promise<void>;
}

/** Starts an app on a data dir of its own (or the one given) and opens its window's address in a fresh Chromium. */
export async function openUiSession(
  options: { clipboard?: boolean; env?: NodeJS.ProcessEnv; dataDir?: string } = {},
): Promise<UiSession> {
  const app = await startAppProcess({
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
  });
  const browser = await launchBrowser();
  if (options.clipboard === true) await browser.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await browser.page.goto(await uiUrlOf(app));
  return {
    app,
    browser,
    page: browser.page,
    async close() {
      await browser.close();
      await cleanupAppProcesses();
    },
  };
}

/** A local HTTP server for the app to send to, on a free port of 127.0.0.1. */
export interface LocalServer {
  origin: string;
  server: Server;
  close(): Promise<void>;
}

export async function startLocalServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
