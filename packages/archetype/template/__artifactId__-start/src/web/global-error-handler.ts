import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { type ApiResponse, ResultCode } from '@__groupId__/__artifactId__-api';
import { DomainError } from '@__groupId__/__artifactId__-domain';

import { domainErrorStatus } from './domain-error-status.js';
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
  else request.log.info({ code: failure.status, msg: failure.msg }, 'request rejected');
  reply.status(failure.status);
  return { code: failure.status, data: null, msg: failure.msg };
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): ApiResponse<null> {
  reply.status(ResultCode.NOT_FOUND);
  return { code: ResultCode.NOT_FOUND, data: null, msg: `no route for ${request.method} ${request.url.split('?')[0]}` };
}
