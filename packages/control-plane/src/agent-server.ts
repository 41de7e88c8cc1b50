import type { AddressInfo, Socket } from 'node:net';
import { APP_NAME, AppError, type Flavor, readImportRequest } from '@client/core';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type HTTPMethods } from 'fastify';
import { type AccessPolicy, checkAccess } from './access-guard.js';
import type { AgentHandlers } from './agent-handlers.js';
import { createConcurrencyGate } from './concurrency-gate.js';
import { toAppError, unsupportedMediaType } from './error-mapping.js';
import type { ControlPlaneLimits } from './limits.js';
import { formatRequestLine } from './request-log.js';

export interface AgentServerOptions {
  handlers: AgentHandlers;
  matchesToken(presented: string): boolean;
  tokenPath: string;
  flavor: Flavor;
  version: string;
  limits: ControlPlaneLimits;
  log(line: string): void;
}

export interface HealthAnswer {
  status: 'ok';
  app: string;
  version: string;
  flavor: Flavor;
  port: number;
}

const ROUTE_LIST = 'GET /agent/health, GET /agent/projects, GET /agent/endpoints/:projectId and POST /agent/curl';

/** Every method Fastify routes; on a known path, the ones the path does not serve get 405. */
const ROUTABLE_METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.status).send(error.toJSON());
}

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError(
      'VALIDATION',
      `the body is not valid JSON (${(error as Error).message}); send an object like {"command": "curl https://…"}, with the command's quotes escaped for JSON`,
    );
  }
}

/**
 * The control plane's HTTP application: access checks before routing, the four routes, 405 for other
 * methods on them, and every failure as `{code, message}`. Listening is `startControlPlane`'s job.
 */
export function buildAgentServer(options: AgentServerOptions): FastifyInstance {
  const { handlers, limits, log } = options;
  const gate = createConcurrencyGate(limits.maxConcurrentRequests);

  // Read once listening: the Host check runs on every request and `address()` is a system call.
  let listeningPort = 0;
  const port = (): number => {
    if (listeningPort === 0) listeningPort = (app.server.address() as AddressInfo | null)?.port ?? 0;
    return listeningPort;
  };
  const policy: AccessPolicy = {
    port,
    matchesToken: options.matchesToken,
    tokenPath: options.tokenPath,
    flavor: options.flavor,
  };

  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: limits.maxBodyBytes,
    // Idle sockets (a client that stops reading the answer) are dropped; longer than the request deadline
    // so that a slow request still gets its 408 first.
    connectionTimeout: 2 * limits.requestTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      // A request without Host gets the control plane's own 403 rather than Node's bare 400.
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the header and request deadlines on this interval (30 s by default), so the
      // deadlines above hold to within a second.
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4))),
    },
    // Fastify's 503 while closing has its own body shape; requests that reach a closing server are
    // rare (an open keep-alive connection) and are better served than refused.
    return503OnClosing: false,
    frameworkErrors: (error, request, reply) => {
      // Malformed paths never reach the hooks, so they get the same access checks here.
      const denied = checkAccess(request.raw.headers, request.raw.url ?? '', policy);
      const appError = denied ?? toAppError(error, limits.maxBodyBytes);
      log(formatRequestLine(request.raw.method ?? '-', request.raw.url ?? '', appError.status, 0));
      sendError(reply, appError);
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const status = timeout ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const message = timeout
        ? `the request did not arrive in time (headers within ${limits.headersTimeoutMs} ms, the whole request within ${limits.requestTimeoutMs} ms); send it again in one go`
        : 'the request is not valid HTTP/1.1; send a plain HTTP request';
      const body = JSON.stringify({ code: 'VALIDATION', message });
      log(`connection closed: ${timeout ? 'request timed out' : `malformed request (${error.code ?? 'unknown'})`}`);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${timeout ? 'Request Timeout' : 'Bad Request'}\r\nConnection: close\r\n` +
            `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, parseJson(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const denied = checkAccess(request.headers, request.url, policy);
    if (denied !== null) throw denied;
    const release = await gate.acquire();
    reply.raw.once('close', release);
  });
  app.addHook('onResponse', async (request, reply) => {
    log(formatRequestLine(request.method, request.url, reply.statusCode, reply.elapsedTime));
  });

  app.setErrorHandler((error, _request, reply) => {
    const appError = toAppError(error, limits.maxBodyBytes);
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

  registerRoute(
    app,
    'GET',
    '/agent/health',
    (): HealthAnswer => ({
      status: 'ok',
      app: APP_NAME,
      version: options.version,
      flavor: options.flavor,
      port: port(),
    }),
  );
  registerRoute(app, 'GET', '/agent/projects', () => handlers.listProjects());
  registerRoute(app, 'GET', '/agent/endpoints/:projectId', (request) => {
    const { projectId } = request.params as { projectId: string };
    if (projectId === '') {
      throw new AppError(
        'NOT_FOUND',
        'put a projectId in the path: GET /agent/endpoints/<projectId>; GET /agent/projects lists them',
      );
    }
    return handlers.listEndpoints(projectId);
  });
  registerRoute(app, 'POST', '/agent/curl', (request, reply) => {
    if (!isJsonContentType(request.headers['content-type'])) throw unsupportedMediaType();
    const result = handlers.importCurl(readImportRequest(request.body));
    reply.code(201);
    return result;
  });
  return app;
}

/** Registers a route, and 405 with an `Allow` header for every other method on the same path. */
function registerRoute(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.route({ method, url, handler });
  const allowed: readonly HTTPMethods[] = method === 'GET' ? ['GET', 'HEAD'] : [method];
  app.route({
    method: ROUTABLE_METHODS.filter((candidate) => !allowed.includes(candidate)),
    url,
    handler: (request, reply) => {
      const error = new AppError(
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${url}, which answers ${allowed.join(' and ')} only; the control plane imports endpoints (POST /agent/curl) and never updates or deletes anything`,
      );
      sendError(reply.header('allow', allowed.join(', ')), error);
    },
  });
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}
