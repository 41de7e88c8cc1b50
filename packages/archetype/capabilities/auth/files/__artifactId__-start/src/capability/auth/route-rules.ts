import type { AuthRule } from './auth-config.js';

/** What a route needs of a token: every one of `scopes`, and one of `roles` if there are any. */
export interface RouteRequirement {
  readonly scopes: readonly string[];
  readonly roles: readonly string[];
}

/** A rule's `url` as a test of route paths: `*` is one segment, `:name` one parameter, a final `/**` any below. */
function urlTest(url: string): (routeUrl: string) => boolean {
  const deep = url === '/**' || url.endsWith('/**');
  const segments = (deep ? url.slice(0, -3) : url).split('/').filter((segment) => segment !== '');
  return (routeUrl) => {
    const route = routeUrl.split('/').filter((segment) => segment !== '');
    if (deep ? route.length < segments.length : route.length !== segments.length) return false;
    return segments.every((segment, index) => {
      const actual = route[index] ?? '';
      if (segment === '*') return true;
      if (segment.startsWith(':')) return actual.startsWith(':');
      return segment === actual;
    });
  };
}

/** Whether a rule's methods cover `method`: `*` covers all, and GET covers the HEAD Fastify adds beside it. */
function coversMethod(methods: readonly string[], method: string): boolean {
  return methods.includes('*') || methods.includes(method) || (method === 'HEAD' && methods.includes('GET'));
}

/** The rules in their order: the first whose methods and url cover a route decides what it needs. */
export class RouteRules {
  private readonly rules: { readonly rule: AuthRule; readonly coversUrl: (routeUrl: string) => boolean }[];
  private readonly used = new Set<number>();

  constructor(rules: readonly AuthRule[]) {
    this.rules = rules.map((rule) => ({ rule, coversUrl: urlTest(rule.url) }));
  }

  /** What a route of `method` and path pattern `url` needs; `undefined` for an open route. */
  requirementOf(method: string, url: string): RouteRequirement | undefined {
    const index = this.rules.findIndex(({ rule, coversUrl }) => coversMethod(rule.methods, method) && coversUrl(url));
    const found = this.rules[index];
    if (!found) return undefined;
    this.used.add(index);
    const { rule } = found;
    return rule.anonymous ? undefined : { scopes: rule.scopes, roles: rule.roles };
  }

  /** The rules that decided for no route so far, as `auth.rules[i] (METHODS url)`: each a typo, or left over. */
  unused(): string[] {
    return this.rules.flatMap(({ rule }, index) =>
      this.used.has(index) ? [] : [`auth.rules[${index}] (${rule.methods.join(',')} ${rule.url})`],
    );
  }
}
