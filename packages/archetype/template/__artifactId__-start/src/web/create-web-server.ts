import { createServer } from 'node:http';

import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';

import { AccessLogController } from './access-log-controller.js';
import { globalErrorHandler, notFoundHandler } from './global-error-handler.js';
import { parseNestedQuery } from './nested-query.js';
import { traceRequests } from './request-tracing.js';

export interface WebServerOptions {
  readonly logger: Logger;
  readonly maxBodyBytes: number;
  /** Two info lines for every request; errors are logged either way. */
  readonly accessLog: boolean;
}

/** Fastify with zod validation, nested query parameters, a span per request and the unified error body. */
export function createWebServer(options: WebServerOptions) {
  const app = Fastify({
    loggerInstance: options.logger,
    logController: new AccessLogController(options.accessLog),
    bodyLimit: options.maxBodyBytes,
    routerOptions: { querystringParser: parseNestedQuery },
    serverFactory: (listener) => createServer(traceRequests(listener)),
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: without the built-in text parser, any other body is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(globalErrorHandler);
  app.setNotFoundHandler(notFoundHandler);
  return app;
}

export type WebServer = ReturnType<typeof createWebServer>;
