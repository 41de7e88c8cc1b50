import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { type ApiResponse, ResultCode } from '@__groupId__/__artifactId__-api';

import { withTraceId } from './global-error-handler.js';

/** What is wrong with a request Node could not read, in the words the client gets. */
function clientFailure(error: NodeJS.ErrnoException): { status: number; msg: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: ResultCode.REQUEST_HEADER_FIELDS_TOO_LARGE, msg: 'the request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: ResultCode.REQUEST_TIMEOUT, msg: 'the request took too long to arrive' };
    default:
      return { status: ResultCode.BAD_REQUEST, msg: 'the request is not valid HTTP' };
  }
}

/**
 * Requests Node refuses before Fastify sees them (headers over the size limit, broken HTTP) answered in the
 * unified shape, on the socket, as Node and Fastify's own handler do.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, msg } = clientFailure(error);
  const body = JSON.stringify({ code: status, data: null, msg } satisfies ApiResponse<null>);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's router errors (a URL whose percent-encoding is broken, a parameter too long) as a unified 400. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const msg =
    error.code === 'FST_ERR_BAD_URL'
      ? 'the URL is not valid: it has a malformed percent-encoding'
      : `the URL cannot be routed (${error.message})`;
  request.log.info({ code: ResultCode.BAD_REQUEST, reason: msg }, 'request rejected');
  reply.status(ResultCode.BAD_REQUEST).send(withTraceId({ code: ResultCode.BAD_REQUEST, data: null, msg }));
}
