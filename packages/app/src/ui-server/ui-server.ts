import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type AgentSendRequest, type AgentSendResult, AppError } from '@client/core';
import type { Store } from '@client/store';
import type { AgentRunCalls } from '../agent-sends/agent-runs.js';
import { ResponseBodies } from '../sending/response-bodies.js';
import type { FirstScreen } from './first-screen.js';
import {
  answerFirstScreenPage,
  createPageTemplate,
  defaultBundleDir,
  isPageRequest,
  type PageTemplate,
} from './first-screen-page.js';
import { listenOnKeptPort } from './kept-port.js';
import { answerRefusal, answerSessionStart, isApiPath } from './page-answers.js';
import { createSessionGuard, SESSION_QUERY, WINDOW_QUERY } from './session-guard.js';
import type { PageServer } from './static-bundle.js';
import { keepPendingTheme, readTheme } from './theme-preference.js';
import type { UiApp } from './ui-app.js';
import type { UiServerOptions } from './ui-server-options.js';

const UI_HOST = '127.0.0.1';
/** Fastify's own default, kept now that the listener is made here. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface UiServer {
  /** The address to open: `http://127.0.0.1:<port>/?session=<secret>`. */
  readonly url: string;
  readonly port: number;
  /** Sends a saved endpoint for an agent, once the person allows it (the control plane's `POST /agent/send`). */
  sendForAgent(request: AgentSendRequest): Promise<AgentSendResult>;
  /** Agents' runs of tests (the control plane's `POST /agent/run` and `/agent/runs/:runId`). */
  runsForAgents: AgentRunCalls;
  /** Ends event streams, cancels requests in flight and stops listening. Idempotent. */
  close(): Promise<void>;
}

/**
 * What the first screen asks for first, answered on the listener while the routes are still being built, so that
 * screen is not held up by them: the same store call as the routes' `GET /api/projects`.
 */
function answerProjectsEarly(store: Store, response: ServerResponse): boolean {
  let body: string;
  try {
    body = JSON.stringify(store.listProjectSummaries());
  } catch {
    // The routes answer a failure with its code and message.
    return false;
  }
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
  return true;
}

/**
 * The projects screen drawn into the page, for the window's own loads only: a page the person opened (typed,
 * launched, reloaded, `Sec-Fetch-Site: none` or `same-origin`) as a document. A load another site started, or one
 * as a script, image or frame, or from a browser that does not say, gets the bare page, which asks the API (with
 * the window's token) for the projects.
 */
function firstScreenFor(
  store: Store,
  request: IncomingMessage,
  response: ServerResponse,
  port: number,
): FirstScreen | null {
  const site = request.headers['sec-fetch-site'];
  if (request.headers['sec-fetch-dest'] !== 'document' || (site !== 'none' && site !== 'same-origin')) return null;
  try {
    const kept = keepPendingTheme(store, request.headers.cookie, port);
    if (kept !== null) response.setHeader('Set-Cookie', kept);
    return { projects: store.listProjectSummaries(), theme: readTheme(store) };
  } catch {
    // The page's own request for the projects reports the failure, with its code and message.
    return null;
  }
}

/** The answer when the pages or routes could not be loaded; why is in the app's output, not sent to the browser. */
function answerUnavailable(response: ServerResponse, page: boolean): void {
  if (response.headersSent) return;
  answerRefusal(
    response,
    new AppError('INTERNAL', 'the UI server could not start its routes; see the app output'),
    page,
  );
}

/**
 * Listens for the UI window on 127.0.0.1, on the port it had last time when it can (kept-port.ts). Every request
 * passes the session guard here, on the listener, which also serves the page, its assets and the first screen's
 * project list. The API's routes (ui-app.ts) are built for the first API request that needs them (a window's
 * scripts make theirs once the page is drawn) or an agent's send; a failure to build them is reported to those. A
 * headless app, or one whose window has not opened yet, then neither loads nor holds them: they are about half of
 * what the app keeps in memory.
 */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  // Emptied now, as before, so no response body of an earlier run waits for a window that may never open.
  const responseBodies = new ResponseBodies(join(options.agent().dataDir, 'responses'));
  let app: UiApp | null = null;
  let loading: Promise<UiApp> | null = null;
  let closing: Promise<void> | null = null;

  const server = createServer({ requireHostHeader: false });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const port = await listenOnKeptPort(server, UI_HOST, options.store.preferences, options.log ?? (() => {}));
  const guard = createSessionGuard(port);

  const loaded = (): Promise<UiApp> => {
    loading ??= import('./ui-app.js')
      .then(({ createUiApp }) => createUiApp(options, { server, responseBodies }))
      .then((built) => {
        app = built;
        return built;
      });
    return loading;
  };
  const routes = (request: IncomingMessage, response: ServerResponse): void => {
    if (app !== null) {
      app.handle(request, response);
      return;
    }
    loaded().then(
      (built) => built.handle(request, response),
      (error: unknown) => {
        options.log?.(`ui-server: the routes could not be loaded: ${String(error)}`);
        answerUnavailable(response, false);
      },
    );
  };
  let bundleDir: { dir: string | null; template: PageTemplate | null } | null = null;
  const bundle = () => {
    if (bundleDir === null) {
      const dir = options.bundleDir ?? defaultBundleDir();
      bundleDir = { dir, template: dir === null ? null : createPageTemplate(dir) };
    }
    return bundleDir;
  };
  let pageServer: Promise<PageServer> | null = null;
  const loadPages = (): Promise<PageServer> => {
    pageServer ??= import('./static-bundle.js').then(({ createPageServer }) => createPageServer(bundle().dir));
    return pageServer;
  };
  const pages = (request: IncomingMessage, response: ServerResponse): void => {
    const { template } = bundle();
    const screen =
      template !== null && isPageRequest(request) ? firstScreenFor(options.store, request, response, port) : null;
    // The page with the first screen needs none of the code that serves the bundle's files.
    const bare = () => loadPages().then((serve) => serve(request, response));
    // A page that cannot be read (a build in progress, or none) is answered as the bundle's files are.
    const served =
      screen === null || template === null
        ? bare()
        : answerFirstScreenPage(request, response, template, screen).catch(bare);
    // The routes, and what serves the bundle's files, are built for the window's first request for them, which its
    // scripts make once it has drawn the page: built while it drew, they took the CPU the window needed.
    served.catch((error: unknown) => {
      options.log?.(`ui-server: the page could not be served: ${String(error)}`);
      answerUnavailable(response, true);
    });
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const api = isApiPath(url);
    const decision = guard.check(request.headers, url);
    if (decision.kind === 'refuse') {
      answerRefusal(response, decision.error, !api);
      return;
    }
    if (decision.kind === 'start-session') {
      options.onSessionStarted?.();
      answerSessionStart(response, decision.cookie, `/#${WINDOW_QUERY}=${decision.windowToken}`);
      // Read while the browser follows the redirect to the page; a failure is reported to the page's request.
      bundle()
        .template?.()
        .catch(() => undefined);
      return;
    }
    if (api) {
      response.setHeader('Cache-Control', 'no-store');
      const early = app === null && request.method === 'GET' && url === '/api/projects';
      if (!(early && answerProjectsEarly(options.store, response))) routes(request, response);
    } else pages(request, response);
  });

  return {
    url: `http://${UI_HOST}:${port}/?${SESSION_QUERY}=${guard.secret}`,
    port,
    sendForAgent: async (request) => (await loaded()).sendForAgent(request),
    runsForAgents: {
      run: async (request) => (await loaded()).runsForAgents.run(request),
      get: async (runId) => (await loaded()).runsForAgents.get(runId),
      cancel: async (runId) => (await loaded()).runsForAgents.cancel(runId),
    },
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Routes still loading are built before they are closed, so nothing they start outlives the app.
        await loading?.then(
          (built) => built.close(),
          () => undefined,
        );
        server.closeAllConnections();
        await stopped;
        responseBodies.clear();
      })();
      return closing;
    },
  };
}
