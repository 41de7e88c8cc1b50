import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';

import { type ApiResponse, ResultCode, SUCCESS_MESSAGE } from '@__groupId__/__artifactId__-api';

/** The unified body of a success: `{code: 200, data, msg: "success"}`. */
export function apiResponseSchema<Data extends z.ZodType>(data: Data) {
  return z.object({ code: z.literal(ResultCode.SUCCESS), data, msg: z.literal(SUCCESS_MESSAGE) });
}

/** The unified body of every error: the HTTP status as `code`, `data: null`, what went wrong as `msg`. */
export const errorResponseSchema = z
  .object({
    code: z.number().int().min(400).max(599),
    data: z.null(),
    msg: z.string(),
    traceId: z.string().optional().meta({ description: 'the trace id of the request, which its log lines carry' }),
  })
  .meta({
    examples: [{ code: 404, data: null, msg: 'user 999 does not exist', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' }],
  });

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Bodies already wrapped: a GET route's HEAD twin comes through `onRoute` with the same schema object. */
const wrapped = new WeakSet<z.ZodType>();

/**
 * Wraps what every route registered after it returns in `{code: 200, data, msg: "success"}`, the way a Spring
 * `ResponseBodyAdvice` does, so controllers return plain values. A route's `schema.response[200]` names its
 * `data`; it becomes the schema of the whole body, which the serializer checks and `/openapi.json` describes.
 * Errors are wrapped by the error handler.
 */
export function wrapResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const responses = route.schema?.response as Record<string, unknown> | undefined;
    const data = responses?.[ResultCode.SUCCESS];
    if (responses && isZodSchema(data) && !wrapped.has(data)) {
      const body = apiResponseSchema(data);
      wrapped.add(body);
      responses[ResultCode.SUCCESS] = body;
    }
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    // Not an async function: that would add a promise and an await to every request, on top of the handler's.
    route.handler = function (this: FastifyInstance, request, reply): Promise<ApiResponse<unknown> | undefined> {
      // A handler that answers by itself (a file stream, a body with another status) returns `reply`, as Fastify
      // asks of async handlers that call `reply.send`; `reply` is a thenable that settles once that answer is
      // out, and sending anything more would fail with "Reply was already sent".
      return Promise.resolve(handler.call(this, request, reply)).then((result) =>
        reply.sent || reply.raw.headersSent
          ? undefined
          : { code: ResultCode.SUCCESS, data: result ?? null, msg: SUCCESS_MESSAGE },
      );
    };
  });
}
