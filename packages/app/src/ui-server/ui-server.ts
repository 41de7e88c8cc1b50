import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AgentSendRequest, AgentSendResult } from '@client/core';
import { ResponseBodies } from './sender/response-bodies.js';
import { createSessionGuard, SESSION_QUERY } from './session-guard.js';
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
  /** Ends event streams, cancels requests in flight and stops listening. Idempotent. */
  close(): Promise<void>;
}

/** The answer when the routes could not be built; why is in the app's output, not sent before the session check. */
function answerUnavailable(response: ServerResponse): void {
  if (response.headersSent) return;
  response.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(
    JSON.stringify({ code: 'INTERNAL', message: 'the UI server could not start its routes; see the app output' }),
  );
}

/**
 * Listens for the UI window on 127.0.0.1 and an ephemeral port, and builds the routes (ui-app.ts: the API, the
 * sender, the collection formats) on the first request or agent send. A headless app, or one whose window has
 * not opened yet, then neither loads nor holds them: they are about half of what the app keeps in memory.
 */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  // Emptied now, as before, so no response body of an earlier run waits for a window that may never open.
  const responseBodies = new ResponseBodies(join(options.agent().dataDir, 'responses'));
  let app: UiApp | null = null;
  let loading: Promise<UiApp> | null = null;

  const server = createServer({ requireHostHeader: false });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: UI_HOST, port: 0 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const guard = createSessionGuard(port);

  const loaded = (): Promise<UiApp> => {
    loading ??= import('./ui-app.js')
      .then(({ createUiApp }) => createUiApp(options, { server, guard, responseBodies }))
      .then((built) => {
        app = built;
        return built;
      });
    return loading;
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (app !== null) {
      app.handle(request, response);
      return;
    }
    loaded().then(
      (built) => built.handle(request, response),
      (error: unknown) => {
        options.log?.(`ui-server: the routes could not be loaded: ${String(error)}`);
        answerUnavailable(response);
      },
    );
  });

  let closing: Promise<void> | null = null;
  return {
    url: `http://${UI_HOST}:${port}/?${SESSION_QUERY}=${guard.secret}`,
    port,
    sendForAgent: async (request) => (await loaded()).sendForAgent(request),
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
