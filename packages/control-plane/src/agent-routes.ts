import {
  APP_NAME,
  AppError,
  type Flavor,
  filterEndpoints,
  isWholeListing,
  readAgentMockRequest,
  readAgentRunRequest,
  readAgentSendRequest,
  readEndpointFilter,
} from '@client/core';
import { HELLO_PATH, isHelloNonce } from '@client/local';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AgentHandlers } from './agent-handlers.js';
import type { BodyImporter } from './body-importer.js';
import { unsupportedMediaType } from './error-mapping.js';
import { readJsonBody } from './json-body.js';
import { sendError } from './send-error.js';

export interface HealthAnswer {
  status: 'ok';
  app: string;
  version: string;
  flavor: Flavor;
  port: number;
}

/** What `GET /agent/health` answers: the same before the routes are built (agent-routing.ts) and after. */
export function healthAnswer(options: { version: string; flavor: Flavor; port: number }): HealthAnswer {
  return { status: 'ok', app: APP_NAME, version: options.version, flavor: options.flavor, port: options.port };
}

export interface AgentRouteOptions {
  handlers: AgentHandlers;
  /** Reads and saves import bodies (JSON, fields, the cURL command), the costly parts off this thread. */
  importer: BodyImporter;
  flavor: Flavor;
  version: string;
  port(): number;
  /** The hello proof for `nonce` on the port the control plane listens on (see `helloProof` in local). */
  proveHello(nonce: string): string;
}

interface HelloAnswer {
  app: string;
  proof: string;
}

export const HEALTH_PATH = '/agent/health';

export const ROUTE_LIST =
  'GET /agent/hello?nonce=…, GET /agent/health, GET /agent/projects, GET /agent/endpoints/:projectId, ' +
  'GET /agent/folders/:projectId, GET /agent/environments/:projectId, POST /agent/curl, POST /agent/send, ' +
  'POST /agent/run, GET /agent/runs/:runId, POST /agent/runs/:runId/cancel, GET /agent/mocks, POST /agent/mocks ' +
  'and POST /agent/mocks/:mockId/stop';

/** Every method Fastify routes; on a known path, the ones the path does not serve get 405. */
const ROUTABLE_METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** Registers a path's routes, and 405 with an `Allow` header for every other method on the same path. */
function registerPath(app: FastifyInstance, url: string, routes: { GET?: RouteHandler; POST?: RouteHandler }): void {
  const allowed: HTTPMethods[] = [];
  if (routes.GET !== undefined) {
    app.route({ method: 'GET', url, handler: routes.GET });
    allowed.push('GET', 'HEAD');
  }
  if (routes.POST !== undefined) {
    app.route({ method: 'POST', url, handler: routes.POST });
    allowed.push('POST');
  }
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

function registerRoute(app: FastifyInstance, method: 'GET' | 'POST', url: string, handler: RouteHandler): void {
  registerPath(app, url, { [method]: handler });
}

function projectIdOf(request: FastifyRequest, route: string): string {
  const { projectId } = request.params as { projectId: string };
  if (projectId === '') {
    throw new AppError(
      'NOT_FOUND',
      `put a projectId in the path: GET /agent/${route}/<projectId>; GET /agent/projects lists them`,
    );
  }
  return projectId;
}

/** A POST's body bytes, once its content type says JSON (415 otherwise). */
function postBody(request: FastifyRequest): Uint8Array {
  if (!isJsonContentType(request.headers['content-type'])) throw unsupportedMediaType();
  return request.body instanceof Uint8Array ? request.body : new Uint8Array();
}

function readPostBody(request: FastifyRequest, example: string): unknown {
  return readJsonBody(postBody(request), example);
}

function mockIdOf(request: FastifyRequest): string {
  const { mockId } = request.params as { mockId: string };
  if (mockId === '') {
    throw new AppError(
      'NOT_FOUND',
      'put a mockId in the path: POST /agent/mocks/<mockId>/stop; GET /agent/mocks lists them',
    );
  }
  return mockId;
}

function runIdOf(request: FastifyRequest): string {
  const { runId } = request.params as { runId: string };
  if (runId === '') {
    throw new AppError('NOT_FOUND', 'put a runId in the path: GET /agent/runs/<runId>, as POST /agent/run answered it');
  }
  return runId;
}

/** What the app does for agents (send, run, mock); absent in a control plane started without the app's window server. */
function required<Work>(work: Work | undefined, what: string): Work {
  if (work === undefined) {
    throw new AppError(
      'INTERNAL',
      `this app runs without the part that does it; start the app with \`client\` to let agents ${what}`,
    );
  }
  return work;
}

/** The answer waits for the person and then for the server: the idle-socket limit must not end it first. */
async function waitingForThePerson<Answer>(request: FastifyRequest, work: () => Promise<Answer>): Promise<Answer> {
  const { socket } = request.raw;
  const idle = socket.timeout ?? 0;
  socket.setTimeout(0);
  try {
    return await work();
  } finally {
    if (!socket.destroyed) socket.setTimeout(idle);
  }
}

/**
 * The routes of docs/ARCHITECTURE.md#the-agent-surface: reads, the import (the only write), the sends and runs the
 * person allows, and mocks (which send nothing, so need no consent).
 */
export function registerAgentRoutes(app: FastifyInstance, options: AgentRouteOptions): void {
  const { handlers, importer } = options;
  registerRoute(app, 'GET', HEALTH_PATH, () =>
    healthAnswer({ version: options.version, flavor: options.flavor, port: options.port() }),
  );
  registerRoute(app, 'GET', HELLO_PATH, (request): HelloAnswer => {
    const { nonce } = request.query as { nonce?: unknown };
    if (!isHelloNonce(nonce)) {
      throw new AppError(
        'VALIDATION',
        'send a fresh random nonce of 64 lower-case hex digits: GET /agent/hello?nonce=<64 hex digits>',
      );
    }
    return { app: APP_NAME, proof: options.proveHello(nonce) };
  });
  registerRoute(app, 'GET', '/agent/projects', () => handlers.listProjects());
  registerRoute(app, 'GET', '/agent/endpoints/:projectId', (request, reply) => {
    const filter = readEndpointFilter(request.query as Record<string, unknown>);
    const projectId = projectIdOf(request, 'endpoints');
    if (isWholeListing(filter) && handlers.listEndpointsJson !== undefined) {
      // Already JSON: Fastify sends bytes as they are.
      return reply.type('application/json; charset=utf-8').send(handlers.listEndpointsJson(projectId));
    }
    const endpoints = handlers.listEndpoints(projectId);
    return isWholeListing(filter) ? endpoints : filterEndpoints(endpoints, filter);
  });
  registerRoute(app, 'GET', '/agent/folders/:projectId', (request) =>
    handlers.listFolders(projectIdOf(request, 'folders')),
  );
  registerRoute(app, 'GET', '/agent/environments/:projectId', (request) =>
    handlers.listEnvironments(projectIdOf(request, 'environments')),
  );
  registerRoute(app, 'POST', '/agent/send', (request) => {
    const send = readAgentSendRequest(readPostBody(request, '{"endpointId": "…"}'));
    return waitingForThePerson(request, () => required(handlers.sendEndpoint, 'send').call(handlers, send));
  });
  registerRoute(app, 'POST', '/agent/run', (request) => {
    const run = readAgentRunRequest(readPostBody(request, '{"projectId": "…"}'));
    return waitingForThePerson(request, () => required(handlers.runTests, 'run tests').call(handlers, run));
  });
  registerRoute(app, 'GET', '/agent/runs/:runId', (request) =>
    required(handlers.getRun, 'run tests').call(handlers, runIdOf(request)),
  );
  registerRoute(app, 'POST', '/agent/runs/:runId/cancel', (request) =>
    required(handlers.cancelRun, 'run tests').call(handlers, runIdOf(request)),
  );
  registerPath(app, '/agent/mocks', {
    GET: () => required(handlers.listMocks, 'start mocks').call(handlers),
    POST: async (request, reply) => {
      const mock = readAgentMockRequest(readPostBody(request, '{"projectId": "…"}'));
      const started = await required(handlers.startMock, 'start mocks').call(handlers, mock);
      reply.code(201);
      return started;
    },
  });
  registerRoute(app, 'POST', '/agent/mocks/:mockId/stop', (request) =>
    required(handlers.stopMock, 'start mocks').call(handlers, mockIdOf(request)),
  );
  registerRoute(app, 'POST', '/agent/curl', async (request, reply) => {
    const result = await importer.importBody(postBody(request));
    reply.code(201);
    return result;
  });
}
