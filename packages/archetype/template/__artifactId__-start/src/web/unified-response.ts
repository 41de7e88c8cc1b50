import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

import { type ApiResponse, ResultCode, SUCCESS_MESSAGE } from '@__groupId__/__artifactId__-api';

/**
 * Wraps what every route registered after it returns in `{code: 200, data, msg: "success"}`, the way a Spring
 * `ResponseBodyAdvice` does, so controllers return plain values. Errors are wrapped by the error handler.
 */
export function wrapResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = async function (this: FastifyInstance, request, reply): Promise<ApiResponse<unknown> | undefined> {
      const data = await handler.call(this, request, reply);
      // A handler that answers by itself (a file stream, a body with another status) returns `reply`, as
      // Fastify asks of async handlers that call `reply.send`; awaiting it waits until that answer is out, and
      // sending anything more would fail with "Reply was already sent".
      if (reply.sent || reply.raw.headersSent) return undefined;
      return { code: ResultCode.SUCCESS, data: data ?? null, msg: SUCCESS_MESSAGE };
    };
  });
}
