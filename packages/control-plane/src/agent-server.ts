import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AppError } from '@client/core';
import { HELLO_PATH } from '@client/local';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type AccessPolicy, checkAccess } from './access-guard.js';
import type { AgentHandlers } from './agent-handlers.js';
import { HEALTH_PATH, ROUTE_LIST, registerAgentRoutes } from './agent-routes.js';
import type { BodyImporter } from './body-importer.js';
import { createConcurrencyGate } from './concurrency-gate.js';
import { drainUnreadBody } from './drain-request.js';
import { agentWording } from './error-mapping.js';
import { toAppError } from './framework-errors.js';
import type { ControlPlaneLimits } from './limits.js';
import { formatRequestLine } from './request-log.js';
import { sendError } from './send-error.js';

export interface AgentServerOptions {
  /** The listener (agent-listener.ts), listening already: its deadlines and client errors are its own. */
  server: Server;
  /** The access checks of every request: the same the listener makes before the routes are built. */
  policy: AccessPolicy;
  handlers: AgentHandlers;
  importer: BodyImporter;
  /** The hello proof for a nonce on the listener's port, made with this install's token. */
  proveHello(nonce: string): string;
  version: string;
  limits: ControlPlaneLimits;
  log(line: string): void;
}

/** The control plane's routes, and the handler that gives them a request of the listener's. */
export interface AgentServer {
  app: FastifyInstance;
  handle(request: IncomingMessage, response: ServerResponse): void;
}

const UNGATED_PATHS = new Set([HEALTH_PATH, HELLO_PATH]);

/**
 * The control plane's routes carry no JSON schemas: each handler checks its own input (a body is parsed on a reader
 * thread). Given these, Fastify never loads Ajv or fast-json-stringify, whose set-up was the largest part of building
 * the server at every start (`cold-start` in bench/README.md); a route given a schema fails at `ready()`.
 */
const noSchemaCompiler = (): never => {
  throw new AppError('INTERNAL', "the control plane's routes take no JSON schemas: their handlers check their input");
};

/**
 * The control plane's HTTP application: access checks before routing, the four routes, 405 for other
 * methods on them, and every failure as `{code, message}`. Listening is `startControlPlane`'s job.
 */
export function buildAgentServer(options: AgentServerOptions): AgentServer {
  const { handlers, limits, log, policy } = options;
  const gate = createConcurrencyGate(limits.maxConcurrentRequests);
  const wording = agentWording(limits.maxBodyBytes);
  let handle: AgentServer['handle'] | null = null;

  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: limits.maxBodyBytes,
    // The listener is made and listening already; Fastify is handed it, and hands back its request handler.
    serverFactory: (handler) => {
      handle = handler;
      return options.server;
    },
    // Fastify's 503 while closing has its own body shape; requests that reach a closing server are
    // rare (an open keep-alive connection) and are better served than refused.
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => {
      // Malformed paths never reach the hooks, so they get the same access checks here.
      const denied = checkAccess(request.raw.headers, request.raw.url ?? '', policy);
      const appError = denied ?? toAppError(error, wording);
      log(formatRequestLine(request.raw.method ?? '-', request.raw.url ?? '', appError.status, 0));
      sendError(reply, appError);
    },
    // The listener answers them itself, from before the routes were built.
    clientErrorHandler: () => {},
    schemaController: { compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler } },
  });

  app.removeAllContentTypeParsers();
  // The body stays bytes: the import route has it decoded and parsed on a reader thread (read-import.ts).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const denied = checkAccess(request.headers, request.url, policy);
    if (denied !== null) throw denied;
    // Health and the hello carry no body and answer from memory: they never wait behind a storm of imports,
    // so monitoring and discovery keep working while 64 agents are being served.
    if (request.method === 'GET' && UNGATED_PATHS.has(request.url.split('?', 1)[0] ?? '')) return;
    // 'close' comes when the answer is sent or the client goes away, whichever is first, also while waiting.
    const ticket = gate.enter();
    reply.raw.once('close', ticket.leave);
    if (!(await ticket.granted)) throw new AppError('VALIDATION', 'the client closed the connection before its turn');
  });
  // A refused body is still read (up to a few times the limit, for a moment) so the refusal reaches the client.
  const drainBounds = { maxBytes: 4 * limits.maxBodyBytes, maxMs: Math.min(2_000, limits.requestTimeoutMs) };
  app.addHook('onSend', async (request) => {
    await drainUnreadBody(request.raw, drainBounds);
  });
  app.addHook('onResponse', async (request, reply) => {
    log(formatRequestLine(request.method, request.url, reply.statusCode, reply.elapsedTime));
  });

  app.setErrorHandler((error, _request, reply) => {
    const appError = toAppError(error, wording);
    if (appError.code === 'INTERNAL') log(`internal error: ${describeCause(appError.cause ?? error)}`);
    return sendError(reply, appError);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0];
    sendError(
      reply,
      new AppError('NOT_FOUND', `no route ${request.method} ${path}; the control plane serves ${ROUTE_LIST}`),
    );
  });

  registerAgentRoutes(app, {
    handlers,
    importer: options.importer,
    flavor: policy.flavor,
    version: options.version,
    port: policy.port,
    proveHello: options.proveHello,
  });
  if (handle === null) throw new Error('Fastify did not take the listener');
  return { app, handle };
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}
