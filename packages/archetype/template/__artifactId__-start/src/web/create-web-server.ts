import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';

import Fastify, { type onRequestHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';

import type { StartServerSpan } from '../observability/server-span.js';
import { currentTraceparent } from '../observability/trace-label.js';
import { AccessLogController } from './access-log-controller.js';
import { clientErrorHandler, frameworkErrorHandler } from './client-errors.js';
import { globalErrorHandler, notFoundHandler } from './global-error-handler.js';
import { parseNestedQuery } from './nested-query.js';
import { traceRequests } from './request-tracing.js';
import { responseSerializerCompiler } from './response-serializer.js';
import { RouteTable } from './route-table.js';
import { API_SECURITY_HEADERS, pageSecurityHeaders } from './security-headers.js';

export interface WebServerOptions {
  readonly logger: Logger;
  readonly maxBodyBytes: number;
  /** Two info lines for every request; errors are logged either way. */
  readonly accessLog: boolean;
  /**
   * How long an idle keep-alive connection stays open, in milliseconds. Longer than the idle timeout of the
   * load balancer in front (60 s on most), so the balancer, not the service, closes idle connections: otherwise
   * a request it sends just as the service closes the connection fails with a 502.
   */
  readonly keepAliveTimeout: number;
  /** Filled with every route as it is registered (405 answers, `/openapi.json`); a new one by default. */
  readonly routes?: RouteTable;
  /** Fastify's `trustProxy` (`server.trustProxy`): whose `X-Forwarded-*` headers say who the client is. */
  readonly trustProxy?: boolean | number | string | readonly string[];
  /** The security headers on every answer (`server.securityHeaders.enabled`): an API's, or a page's. */
  readonly securityHeaders?: boolean;
  /** How each request gets its span (`Tracing.startServerSpan`); a span recorded by the SDK by default. */
  readonly startServerSpan?: StartServerSpan;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a browser page or a file the page loads (Swagger UI): it gets a page's security headers. */
    page?: boolean;
  }
}

/** A request id the caller may choose: short, and nothing a log line or header could be misread by. */
const CALLER_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** The caller's `X-Request-Id` when it is a sensible one, otherwise a new UUID. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
}

/** `application/json` and its structured-syntax relatives: `application/merge-patch+json`, `…/vnd.api+json`. */
const JSON_SUFFIX_TYPE = /^application\/[\w.+-]+\+json(;|$)/i;

const API_SECURITY_HEADER_NAMES = Object.keys(API_SECURITY_HEADERS);

/**
 * Replaces the API's security headers with a page's: the page is cached as usual, and may run its own scripts.
 * Over HTTPS (as the client reached the service: behind a proxy, with `server.trustProxy`) the page's headers
 * also ask the browser to load everything over HTTPS.
 */
function pageHeadersHook(): onRequestHookHandler {
  const secure = pageSecurityHeaders(true);
  const plain = pageSecurityHeaders(false);
  return (request, reply, done) => {
    for (const name of API_SECURITY_HEADER_NAMES) reply.removeHeader(name);
    reply.headers(request.protocol === 'https' ? secure : plain);
    done();
  };
}

/** Fastify with zod validation, nested query parameters, a span per request and the unified error body. */
export function createWebServer(options: WebServerOptions) {
  const routes = options.routes ?? new RouteTable();
  const app = Fastify({
    loggerInstance: options.logger,
    logController: new AccessLogController(options.accessLog),
    bodyLimit: options.maxBodyBytes,
    routerOptions: { querystringParser: parseNestedQuery },
    // A server made here does not get the keep-alive timeout Fastify gives the servers it makes itself.
    serverFactory: (listener) => {
      const server = createServer(traceRequests(listener, options.startServerSpan));
      server.keepAliveTimeout = options.keepAliveTimeout;
      // Node's advice: the headers of a request on a reused connection get a little longer than the idle time.
      server.headersTimeout = options.keepAliveTimeout + 1_000;
      return server;
    },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    trustProxy: options.trustProxy === undefined ? false : (options.trustProxy as string[]),
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  const apiHeaders = options.securityHeaders ? API_SECURITY_HEADERS : {};
  // Every answer names its request (`X-Request-Id`, also in the log lines as `reqId`) and its trace
  // (`traceparent`), and carries the security headers. A callback hook: an async one costs promises per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(apiHeaders);
    reply.header('x-request-id', request.id);
    const traceparent = currentTraceparent();
    if (traceparent) reply.header('traceparent', traceparent);
    done();
  });
  const pageHeaders = options.securityHeaders ? pageHeadersHook() : undefined;
  app.addHook('onRoute', (route) => {
    routes.add(route);
    // A route's own hooks run after the server's, so a page's headers replace the API's.
    if (pageHeaders && route.config?.page) route.onRequest = [...[route.onRequest ?? []].flat(), pageHeaders];
  });
  // The API speaks JSON only: without the built-in text parser, any other body is a 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(JSON_SUFFIX_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.setErrorHandler(globalErrorHandler);
  app.setNotFoundHandler(notFoundHandler(routes));
  return app;
}

export type WebServer = ReturnType<typeof createWebServer>;
