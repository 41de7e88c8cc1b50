import { describe, expect, it } from 'vitest';

import type { AuthRule } from './auth-config.js';
import { RouteRules } from './route-rules.js';

function rule(methods: AuthRule['methods'], url: string, needs: Partial<AuthRule> = {}): AuthRule {
  return { methods, url, scopes: [], roles: [], anonymous: false, ...needs };
}

describe('RouteRules', () => {
  it('matches a route by its declared path: literal segments, :parameters, * and a final /**', () => {
    const rules = new RouteRules([
      rule(['GET'], '/reports/:id', { scopes: ['reports'] }),
      rule(['GET'], '/files/*/raw', { scopes: ['files'] }),
      rule(['POST'], '/sys-users/**', { scopes: ['users'] }),
    ]);
    expect(rules.requirementOf('GET', '/reports/:reportId')).toEqual({ scopes: ['reports'], roles: [] });
    expect(rules.requirementOf('GET', '/reports/summary')).toBeUndefined();
    expect(rules.requirementOf('GET', '/reports/:id/pages')).toBeUndefined();
    expect(rules.requirementOf('GET', '/files/:name/raw')).toEqual({ scopes: ['files'], roles: [] });
    expect(rules.requirementOf('GET', '/files/logo/raw')).toEqual({ scopes: ['files'], roles: [] });
    for (const url of ['/sys-users', '/sys-users/', '/sys-users/:id', '/sys-users/:id/birthday']) {
      expect(rules.requirementOf('POST', url), url).toEqual({ scopes: ['users'], roles: [] });
    }
    expect(rules.requirementOf('POST', '/sys-users-archive')).toBeUndefined();
  });

  it('covers HEAD with GET, every method with *, and only the methods named otherwise', () => {
    const rules = new RouteRules([rule(['GET'], '/a', { roles: ['r'] }), rule(['*'], '/b', { roles: ['s'] })]);
    expect(rules.requirementOf('HEAD', '/a')).toEqual({ scopes: [], roles: ['r'] });
    expect(rules.requirementOf('POST', '/a')).toBeUndefined();
    for (const method of ['GET', 'DELETE', 'OPTIONS']) expect(rules.requirementOf(method, '/b')?.roles).toEqual(['s']);
  });

  it('lets the first matching rule decide, so an anonymous rule opens a route a later rule guards', () => {
    const rules = new RouteRules([
      rule(['DELETE'], '/sys-users/:id', { roles: ['admin'] }),
      rule(['POST'], '/sys-users/:id/birthday', { anonymous: true }),
      rule(['POST', 'PUT', 'DELETE'], '/**', { scopes: ['write'] }),
    ]);
    expect(rules.requirementOf('DELETE', '/sys-users/:id')).toEqual({ scopes: [], roles: ['admin'] });
    expect(rules.requirementOf('POST', '/sys-users/:id/birthday')).toBeUndefined();
    expect(rules.requirementOf('PUT', '/sys-users/:id')).toEqual({ scopes: ['write'], roles: [] });
    expect(rules.requirementOf('GET', '/sys-users/:id')).toBeUndefined();
  });

  it('names the rules that decided for no route, the shadowed ones included', () => {
    const rules = new RouteRules([
      rule(['*'], '/**', { scopes: ['all'] }),
      rule(['POST'], '/sys-user', { scopes: ['typo'] }),
      rule(['GET'], '/orders/**', { scopes: ['orders'] }),
    ]);
    rules.requirementOf('GET', '/orders/:id');
    expect(rules.unused()).toEqual(['auth.rules[1] (POST /sys-user)', 'auth.rules[2] (GET /orders/**)']);
  });
});
