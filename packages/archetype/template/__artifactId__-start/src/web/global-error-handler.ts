import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { type ApiResponse, ResultCode } from '@__groupId__/__artifactId__-api';
import { DomainError } from '@__groupId__/__artifactId__-domain';

import { currentTraceId } from '../observability/trace-label.js';
import { domainErrorStatus } from './domain-error-status.js';
import type { RouteTable } from './route-table.js';
import { validationMessage } from './validation-message.js';

interface Failure {
  readonly status: number;
  readonly msg: string;
}

/** Fastify's own request errors, reworded for the client. */
const FRAMEWORK_FAILURES: Readonly<Record<string, (error: FastifyError) => Failure>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ status: ResultCode.BAD_REQUEST, msg: 'request body is not valid JSON' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({
    status: ResultCode.BAD_REQUEST,
    msg: 'request body is empty; send a JSON object',
  }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ({ status: ResultCode.PAYLOAD_TOO_LARGE, msg: 'request body is too large' }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({
    status: ResultCode.UNSUPPORTED_MEDIA_TYPE,
    msg: 'unsupported content type; send application/json',
  }),
};

function toFailure(error: FastifyError): Failure {
  if (error.validation) {
    return { status: ResultCode.BAD_REQUEST, msg: validationMessage(error.validation, error.validationContext) };
  }
  if (error instanceof DomainError) return { status: domainErrorStatus(error), msg: error.message };
  const framework = FRAMEWORK_FAILURES[error.code];
  if (framework) return framework(error);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, msg: error.message };
  return { status: ResultCode.INTERNAL_ERROR, msg: 'internal server error' };
}

/**
 * Every error becomes the unified body `{code, data: null, msg}` with the matching HTTP status. Unexpected
 * errors are logged with their stack and answered without details.
 */
export function globalErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): ApiResponse<null> {
  const failure = toFailure(error);
  if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
  // `reason`, not `msg`: pino writes the message as `msg`, and a second `msg` key would hide one of them.
  else request.log.info({ code: failure.status, reason: failure.msg }, 'request rejected');
  reply.status(failure.status);
  return withTraceId({ code: failure.status, data: null, msg: failure.msg });
}

/** The error body with the request's trace id, so a client reporting it leads to the request's log lines. */
export function withTraceId<T>(body: ApiResponse<T>): ApiResponse<T> {
  const traceId = currentTraceId();
  return traceId === undefined ? body : { ...body, traceId };
}

/**
 * A path no route has is a 404; a path that exists with other methods is a 405 with `Allow` naming them.
 */
export function notFoundHandler(routes: RouteTable) {
  return (request: FastifyRequest, reply: FastifyReply): ApiResponse<null> => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.methodsFor(path);
    // A route of this method that found nothing to answer (a file that is not there) is a 404, not a 405.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const msg = `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`;
      request.log.info({ code: ResultCode.METHOD_NOT_ALLOWED, reason: msg }, 'request rejected');
      reply.status(ResultCode.METHOD_NOT_ALLOWED).header('allow', allowed.join(', '));
      return withTraceId({ code: ResultCode.METHOD_NOT_ALLOWED, data: null, msg });
    }
    reply.status(ResultCode.NOT_FOUND);
    return withTraceId({ code: ResultCode.NOT_FOUND, data: null, msg: `no route for ${request.method} ${path}` });
  };
}
