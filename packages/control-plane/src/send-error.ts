import type { AppError } from '@client/core';
import type { FastifyReply } from 'fastify';

/** Every failure leaves the control plane the same way: the code's status and `{code, message}`. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.status).send(error.toJSON());
}
