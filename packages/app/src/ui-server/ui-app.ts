import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { toAppError } from '@client/control-plane';
import type { AgentSendRequest, AgentSendResult, AppError } from '@client/core';
import type { SecretBox } from '@client/secrets';
import Fastify, { type FastifyReply } from 'fastify';
import { type AgentRunCalls, AgentRuns } from '../agent-sends/agent-runs.js';
import { AgentSends } from '../agent-sends/agent-sends.js';
import { folderSyncOf } from '../linked/folder-sync.js';
import { LinkStatuses } from '../linked/link-status.js';
import { windowMcpSessions } from '../mcp/window-mcp-sessions.js';
import { Loads } from '../running/loads.js';
import { planOfProject } from '../running/plan-of-project.js';
import { type PlanOf, Runs } from '../running/runs.js';
import { CheckedSends } from '../sending/checked-sends.js';
import { DEFAULT_SENDER_LIMITS, RequestSender } from '../sending/request-sender.js';
import type { ResponseBodies } from '../sending/response-bodies.js';
import { WebSocketSessions } from '../websocket/websocket-sessions.js';
import { openSystemBrowser } from '../window/index.js';
import { EventStream } from './event-stream.js';
import { lazyValidation } from './lazy-validation.js';
import { relayMockEvents } from './mock-event-relay.js';
import { notPartOfUi } from './page-answers.js';
import { registerAgentConsentRoutes } from './routes/agent-consent-routes.js';
import { registerAgentRoutes } from './routes/agent-routes.js';
import { registerAuthRoutes } from './routes/auth-routes.js';
import { registerCollectionRoutes } from './routes/collection-routes.js';
import { registerCookieRoutes } from './routes/cookie-routes.js';
import { registerEnvironmentRoutes } from './routes/environment-routes.js';
import { registerExampleRoutes } from './routes/example-routes.js';
import { registerGraphqlRoutes } from './routes/graphql-routes.js';
import { registerLinkedRoutes } from './routes/linked-routes.js';
import { registerLoadRoutes } from './routes/load-routes.js';
import { registerMcpRoutes } from './routes/mcp-routes.js';
import { registerMockRoutes } from './routes/mock-routes.js';
import { registerOpenTabsRoutes } from './routes/open-tabs-routes.js';
import { registerPickedFileRoutes } from './routes/picked-file-routes.js';
import { registerPreferenceRoutes } from './routes/preference-routes.js';
import { registerProjectRoutes } from './routes/project-routes.js';
import { registerRunRoutes } from './routes/run-routes.js';
import { registerScriptRoutes } from './routes/script-routes.js';
import { registerSendRoutes } from './routes/send-routes.js';
import { registerTreeRoutes } from './routes/tree-routes.js';
import { registerWebSocketRoutes } from './routes/websocket-routes.js';
import type { UiContext } from './ui-context.js';
import { UI_WORDING } from './ui-errors.js';
import type { UiServerOptions } from './ui-server-options.js';

/** The UI server's routes, built on the first request (or agent send) that needs them. */
export interface UiApp {
  /** Answers one request of the UI server's listener. */
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** Sends a saved endpoint for an agent, once the person allows it (the control plane's `POST /agent/send`). */
  sendForAgent(request: AgentSendRequest): Promise<AgentSendResult>;
  /** Runs a project's or folder's tests for an agent once the person allows it, and follows or stops the run. */
  runsForAgents: AgentRunCalls;
  /** Ends event streams and cancels requests in flight; the listener itself is closed by its owner. */
  close(): Promise<void>;
}

/** What the listener has made before the routes are built. */
export interface UiAppParts {
  server: Server;
  responseBodies: ResponseBodies;
}

/** Bodies of saved endpoints can be large (a JSON fixture); the UI server is loopback and session-guarded. */
const UI_BODY_LIMIT = 16 * 1024 * 1024;

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.status).header('Cache-Control', 'no-store').send(error.toJSON());
}

/**
 * Builds the UI server's routes on the listener's server: a JSON API under /api for everything the UI does, and
 * Server-Sent Events at /api/events relaying the app's events (`endpoint-imported`, and `projects-changed` when
 * another process wrote to the database). The listener has checked each request's session before it comes here.
 */
export async function createUiApp(options: UiServerOptions, parts: UiAppParts): Promise<UiApp> {
  const { responseBodies } = parts;
  const { store, events } = options;
  const version = options.agent().version;
  let secretBox: Promise<SecretBox> | null = null;
  const secrets = (): Promise<SecretBox> => {
    // A failed open (a keychain that timed out) is tried again next time rather than remembered.
    secretBox ??= options.openSecrets().catch((error: unknown) => {
      secretBox = null;
      throw error;
    });
    return secretBox;
  };
  const stream = new EventStream();
  const sender = new RequestSender(
    store,
    secrets,
    `Client/${version}`,
    {
      ...DEFAULT_SENDER_LIMITS,
      ...(options.sendTimeoutMs === undefined ? {} : { timeoutMs: options.sendTimeoutMs }),
    },
    options.openBrowser ?? ((url) => openSystemBrowser(options.agent().dataDir, url)),
    (requestId, update) => stream.send('send-stream', { requestId, update }),
  );
  const agentSends = new AgentSends(store, sender, stream);
  const checkedSends = new CheckedSends(store, secrets, sender);
  const websockets = new WebSocketSessions(
    store,
    sender,
    (update) => stream.send('websocket', update),
    (projectId, historyId) => stream.send('history-added', { projectId, historyId, sentBy: 'person' }),
  );
  const planOf: PlanOf = (runOptions) => planOfProject(store, secrets, runOptions);
  const runs = new Runs(store, sender.engine, planOf, (event) => stream.send('run-event', event));
  const loads = new Loads(sender.engine, planOf, (event) => stream.send(event.type, event));
  const agentRuns = new AgentRuns({
    store,
    engine: sender.engine,
    runs,
    planOf,
    prompts: agentSends.prompts,
    keeper: agentSends.keeper,
  });
  const folderSync = options.linked === undefined ? undefined : folderSyncOf(store, options.linked, events);
  const linked =
    folderSync === undefined
      ? undefined
      : {
          sync: folderSync,
          statuses: new LinkStatuses(folderSync, (projectId) => stream.send('link-status-changed', { projectId })),
        };
  const mcpSessions = windowMcpSessions(store, stream, version, options.sendTimeoutMs);
  let uiImports = 0;
  const context: UiContext = {
    store,
    options,
    sender,
    checkedSends,
    responseBodies,
    stream,
    websockets,
    runs,
    loads,
    ...(linked === undefined ? {} : { linked }),
    mcpSessions,
    secrets,
    importFromUi(work) {
      // The app announces an import synchronously inside the call, so the counter tells the relay below
      // that this one came from the UI and is not an agent's.
      uiImports++;
      try {
        return work();
      } finally {
        uiImports--;
      }
    },
  };

  let handle: UiApp['handle'] = () => {};
  const app = Fastify({
    logger: false,
    bodyLimit: UI_BODY_LIMIT,
    schemaController: lazyValidation(),
    // The listener is already open; Fastify answers on it and leaves opening and closing it to its owner.
    serverFactory(handler) {
      handle = handler;
      return parts.server;
    },
  });

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, UI_WORDING);
    if (appError.code === 'INTERNAL')
      options.log?.(`ui-server: ${request.method} ${request.routeOptions.url ?? ''} failed: ${String(error)}`);
    return sendError(reply, appError);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, notPartOfUi(request.method, request.url)));
  // What the window saves reaches a linked project's files: each write route that succeeded is announced once answered.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      const { endpointId } = (request.params ?? {}) as { endpointId?: unknown };
      events.emit('window-wrote', {
        method: request.method,
        route: request.routeOptions.url ?? '',
        ...(typeof endpointId === 'string' ? { endpointId } : {}),
      });
    }
    done();
  });

  registerProjectRoutes(app, context);
  registerTreeRoutes(app, context);
  registerExampleRoutes(app, context);
  registerCollectionRoutes(app, context);
  registerEnvironmentRoutes(app, context);
  registerSendRoutes(app, context);
  registerGraphqlRoutes(app, context);
  registerWebSocketRoutes(app, context);
  registerScriptRoutes(app, context);
  registerRunRoutes(app, context);
  registerLoadRoutes(app, context);
  registerMockRoutes(app, context);
  registerCookieRoutes(app, context);
  registerAuthRoutes(app, context);
  registerOpenTabsRoutes(app, context);
  registerPickedFileRoutes(app, context);
  registerPreferenceRoutes(app, context);
  registerAgentRoutes(app, context);
  registerAgentConsentRoutes(app, agentSends);
  registerLinkedRoutes(app, context);
  registerMcpRoutes(app, context);
  app.get('/api/events', (request, reply) => {
    reply.hijack();
    stream.attach(reply.raw);
    request.raw.on('close', () => reply.raw.end());
  });

  const unsubscribe = events.on('endpoint-imported', (event) =>
    stream.send('endpoint-imported', { ...event, source: uiImports > 0 ? 'ui' : 'agent' }),
  );
  const unsubscribeChanges = events.on('projects-changed', (event) => stream.send('projects-changed', event));
  const unsubscribeMocks = relayMockEvents(options.mocks, stream);
  const unsubscribeLinked = events.on('linked-files-changed', (event) => stream.send('linked-files-changed', event));

  await app.ready();

  let closing: Promise<void> | null = null;
  return {
    handle: (request, response) => handle(request, response),
    sendForAgent: (request) => agentSends.send(request),
    runsForAgents: agentRuns,
    close() {
      closing ??= (async () => {
        unsubscribe();
        unsubscribeChanges();
        unsubscribeMocks();
        unsubscribeLinked();
        linked?.statuses.close();
        agentSends.prompts.denyAll();
        stream.close();
        checkedSends.close();
        await Promise.all([runs.close(), loads.close(), websockets.closeAll(), mcpSessions.closeAll()]);
        await Promise.all([sender.close(), app.close()]);
      })();
      return closing;
    },
  };
}
