import type { FastifySchema } from 'fastify';

/** A route's path pattern as a regular expression: `:id` (also `:id(^\\d+)`) is one segment, `*` the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** A route as Fastify's `onRoute` hook gives it; read when needed, since later hooks may still change it. */
export interface RouteEntry {
  readonly method: string | readonly string[];
  readonly url: string;
  readonly schema?: FastifySchema;
}

/**
 * Every route of the server by method and path pattern, filled from Fastify's `onRoute` hook. It tells which
 * methods a path has, so a request for a path that exists with another method is a 405 naming them, and it
 * lists the routes with their schemas for `/openapi.json`.
 */
export class RouteTable {
  private readonly routes: {
    readonly methods: readonly string[];
    readonly url: string;
    readonly pattern: RegExp;
    readonly route: RouteEntry;
  }[] = [];

  add(route: RouteEntry): void {
    const methods = typeof route.method === 'string' ? [route.method] : route.method;
    this.routes.push({ methods, url: route.url, pattern: patternOf(route.url), route });
  }

  /** The methods a request for `path` (without the query) may use; empty for a path no route has. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    }
    return [...methods];
  }

  /** Every route by method, with its schema as it is now. */
  list(): { readonly method: string; readonly url: string; readonly schema: FastifySchema | undefined }[] {
    return this.routes.flatMap(({ methods, url, route }) =>
      methods.map((method) => ({ method, url, schema: route.schema })),
    );
  }
}
