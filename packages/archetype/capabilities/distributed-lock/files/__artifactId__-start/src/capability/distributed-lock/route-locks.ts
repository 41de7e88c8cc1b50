import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';

import type { DistributedLock, LockOptions } from './distributed-lock.js';
import { compileLockKeyTemplate } from './lock-key-template.js';

/** The `distributedLock` option of a route's `config`. */
export interface RouteLockOptions extends LockOptions {
  /**
   * The lock's key: a template over the request such as `sys-user:{params.id}` (placeholders `{params.…}`,
   * `{query.…}`, `{body.…}`, `{headers.…}`, values percent-encoded), or a function of the request.
   */
  readonly key: string | ((request: FastifyRequest) => string);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Run the handler only while holding this distributed lock (see `lockRoutes`). */
    distributedLock?: RouteLockOptions;
  }
}

/**
 * From here on in `app`'s scope, a route declared with `config: { distributedLock: { key: … } }` runs its
 * handler only while holding that lock: the handler is wrapped when the route is added (as the unified
 * response is), after validation and before the response is sent. A key template is checked right there, so a
 * malformed one stops the service from starting.
 */
export function lockRoutes(app: FastifyInstance, locks: DistributedLock): void {
  app.addHook('onRoute', (route) => {
    const lock = route.config?.distributedLock;
    if (!lock) return;
    const { key, ...options } = lock;
    const keyOf = typeof key === 'string' ? compileLockKeyTemplate(key) : key;
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = function (this: FastifyInstance, request, reply) {
      return locks.withLock(keyOf(request), () => handler.call(this, request, reply), options);
    };
  });
}
