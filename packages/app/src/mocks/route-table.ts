import type { Endpoint } from '@client/core';
import {
  compareSpecificity,
  compileTemplate,
  matchTemplate,
  type PathTemplate,
  requestSegments,
  templateKey,
} from './route-template.js';

/** One path of the mock with the endpoint answering each of its methods. */
export interface MockRoute {
  template: PathTemplate;
  /** Upper-case method → the endpoint; the first endpoint written wins when two share a method and path. */
  methods: Map<string, Endpoint>;
}

/** A route as the mock's 404 and 405 answers name it. */
export interface RouteName {
  method: string;
  path: string;
}

export type RouteMatch =
  | { kind: 'found'; route: MockRoute; endpoint: Endpoint; params: Record<string, string> }
  /** The path is a route's, the method none of them: 405 with these in `Allow`. */
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' };

const CLOSEST_COUNT = 3;

function levenshtein(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      current[column] = Math.min(
        (previous[column] ?? 0) + 1,
        (current[column - 1] ?? 0) + 1,
        (previous[column - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/** The route's path with each parameter filled by the request's segment at its place: how far the request was. */
function distance(template: PathTemplate, segments: readonly string[]): number {
  const filled = template.segments.map((segment, index) =>
    segment.kind === 'literal' ? segment.text : (segments[index] ?? `{${index}}`),
  );
  return levenshtein(`/${filled.join('/')}`, `/${segments.join('/')}`);
}

/** Methods a path answers, as `Allow` lists them: HEAD wherever GET is, since a mock answers HEAD like GET. */
function allowed(routes: readonly MockRoute[]): string[] {
  const methods = new Set<string>();
  for (const route of routes) for (const method of route.methods.keys()) methods.add(method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * A project's endpoints compiled for a mock: grouped by path (`/items/{id}` and `/items/:itemId` are one path),
 * most specific path first, so a request goes to the literal route before the one with a parameter.
 */
export class RouteTable {
  readonly routes: readonly MockRoute[];

  constructor(endpoints: readonly Endpoint[], baseUrl: string | null) {
    const byKey = new Map<string, MockRoute>();
    for (const endpoint of endpoints) {
      const template = compileTemplate(endpoint.path, baseUrl);
      const key = templateKey(template);
      let route = byKey.get(key);
      if (route === undefined) {
        route = { template, methods: new Map() };
        byKey.set(key, route);
      }
      const method = endpoint.method.toUpperCase();
      if (!route.methods.has(method)) route.methods.set(method, endpoint);
    }
    this.routes = [...byKey.values()].sort((left, right) => compareSpecificity(left.template, right.template));
  }

  /**
   * The endpoint for a request. Of the paths that match, the most specific one that has the method wins (so
   * `DELETE /items/featured` reaches `DELETE /items/{id}` when `/items/featured` only has GET); HEAD falls back
   * to GET.
   */
  match(method: string, pathname: string): RouteMatch {
    const segments = requestSegments(pathname);
    const matching: { route: MockRoute; params: Record<string, string> }[] = [];
    for (const route of this.routes) {
      const params = matchTemplate(route.template, segments);
      if (params !== null) matching.push({ route, params });
    }
    if (matching.length === 0) return { kind: 'none' };
    const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
    for (const name of wanted) {
      for (const { route, params } of matching) {
        const endpoint = route.methods.get(name);
        if (endpoint !== undefined) return { kind: 'found', route, endpoint, params };
      }
    }
    return { kind: 'wrong-method', allow: allowed(matching.map(({ route }) => route)) };
  }

  /** The routes nearest to a request that matched none, for its 404: the request's own method first on a tie. */
  closest(method: string, pathname: string): RouteName[] {
    const segments = requestSegments(pathname);
    return this.routes
      .flatMap((route) =>
        [...route.methods.keys()].map((routeMethod) => ({
          name: { method: routeMethod, path: route.template.display },
          score: distance(route.template, segments) * 2 + (routeMethod === method ? 0 : 1),
        })),
      )
      .sort((left, right) => left.score - right.score)
      .slice(0, CLOSEST_COUNT)
      .map(({ name }) => name);
  }
}
