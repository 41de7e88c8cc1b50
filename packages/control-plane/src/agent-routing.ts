import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type AccessPolicy, checkAccess } from './access-guard.js';
import { HEALTH_PATH, healthAnswer } from './agent-routes.js';
import type { AgentServer } from './agent-server.js';
import { formatRequestLine } from './request-log.js';

export interface AgentRoutingOptions {
  /** The access checks of every request (access-guard.ts). */
  policy: AccessPolicy;
  version: string;
  log(line: string): void;
  /** Builds the routes (Fastify and the control plane's routes on it, loaded when first needed). */
  build(): Promise<AgentServer>;
}

export interface AgentRouting {
  /** Has the routes built, unless a request already did; resolves once they answer. */
  build(): Promise<AgentServer>;
  /** The routes once they were asked for, built or being built; null while none were. */
  readonly built: Promise<AgentServer> | null;
}

/** A health check the listener answers itself: `GET /agent/health` exactly, with no body. */
function isPlainHealthCheck(request: IncomingMessage): boolean {
  return (
    request.method === 'GET' &&
    request.url === HEALTH_PATH &&
    request.headers['transfer-encoding'] === undefined &&
    (request.headers['content-length'] ?? '0') === '0'
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

function answerJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * Gives `server`'s requests to the routes, which are built when first asked for (by `build()`, or by a request).
 * Until then a health check that passes the access checks is answered here, as the routes answer it: it needs
 * nothing else, and a start need not wait for Fastify and its plugins (a fifth of it) before saying it is up. Any
 * other request, a refused health check included, waits for the routes, so every other answer is theirs.
 */
export function routeAgentRequests(server: Server, options: AgentRoutingOptions): AgentRouting {
  let routes: AgentServer | null = null;
  let building: Promise<AgentServer> | null = null;
  const build = (): Promise<AgentServer> => {
    building ??= options.build().then((built) => {
      routes = built;
      return built;
    });
    return building;
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (routes !== null) {
      routes.handle(request, response);
      return;
    }
    const started = performance.now();
    if (isPlainHealthCheck(request) && checkAccess(request.headers, HEALTH_PATH, options.policy) === null) {
      const { version, policy } = options;
      answerJson(response, 200, healthAnswer({ version, flavor: policy.flavor, port: policy.port() }));
      options.log(formatRequestLine('GET', HEALTH_PATH, 200, performance.now() - started));
      return;
    }
    build().then(
      (built) => built.handle(request, response),
      (error: unknown) => {
        options.log(`the control plane's routes could not be built: ${String(error)}`);
        if (response.headersSent) return;
        const message = 'the control plane could not build its routes; see the app output';
        answerJson(response, 500, { code: 'INTERNAL', message });
        options.log(formatRequestLine(request.method ?? '-', request.url ?? '', 500, performance.now() - started));
      },
    );
  });
  return {
    build,
    get built() {
      return building;
    },
  };
}
