import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import { errorResponseSchema } from '../../web/unified-response.js';
import { AuthError } from './auth-error.js';
import { bearerToken } from './bearer-token.js';
import type { Principal } from './principal.js';
import type { RouteRequirement, RouteRules } from './route-rules.js';
import type { VerifyToken } from './verify-token.js';

/** The name of the security scheme in `/openapi.json`. */
const SCHEME = 'bearerAuth';

export interface ProtectRoutesOptions {
  readonly rules: RouteRules;
  readonly verify: VerifyToken;
  /** The `realm` of the `WWW-Authenticate` challenge: the service's name. */
  readonly realm: string;
  /** What `/openapi.json` says of the tokens: who issues them, for whom. */
  readonly schemeDescription: string;
}

/** Refuses a principal without every scope of the requirement, or without one of its roles (if it names any). */
function authorize(principal: Principal, requirement: RouteRequirement): void {
  const missing = requirement.scopes.filter((scope) => !principal.scopes.has(scope));
  if (missing.length > 0) {
    throw AuthError.insufficientScope(
      `this route needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(' ')}, which the token lacks`,
      requirement.scopes,
    );
  }
  if (requirement.roles.length > 0 && !requirement.roles.some((role) => principal.roles.has(role))) {
    throw AuthError.insufficientScope(
      `this route needs one of the roles ${requirement.roles.join(', ')}, which the token lacks`,
      requirement.scopes,
    );
  }
}

/** What `/openapi.json` says of a guarded route: the scheme, its scopes, and the 401 and 403 it may answer. */
function documentation(requirement: RouteRequirement, schemeDescription: string) {
  const refusal = (description: string) => ({
    description,
    headers: {
      'WWW-Authenticate': {
        description: 'The challenge: `Bearer realm="…"`, with `error` and `error_description` when a token was sent',
        schema: { type: 'string' },
      },
    },
    content: { 'application/json': { schema: errorResponseSchema } },
  });
  const needs = [
    ...(requirement.scopes.length > 0 ? [`the scopes ${requirement.scopes.join(' ')}`] : []),
    ...(requirement.roles.length > 0 ? [`one of the roles ${requirement.roles.join(', ')}`] : []),
  ];
  return {
    // OpenAPI 3.1 lets a bearer scheme's requirement list what it needs: here the scopes.
    security: [{ [SCHEME]: requirement.scopes }],
    securitySchemes: {
      [SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: schemeDescription },
    },
    responses: {
      '401': refusal(
        'No bearer token, or one that is not valid (expired, for another audience, not signed by the issuer)',
      ),
      // A route that needs only a valid token never answers 403.
      ...(needs.length > 0 ? { '403': refusal(`The token lacks what the route needs: ${needs.join(' and ')}`) } : {}),
    },
  };
}

/**
 * From here on in `api`'s scope, every route the rules guard checks the request's bearer token before anything
 * else of the request is read (its body included): a missing or invalid token is a 401, one without the scopes
 * or roles the route needs a 403, both in the unified shape with a `WWW-Authenticate` challenge. The caller is
 * `request.principal` in the handler. Each guarded route says so in `/openapi.json`. A rule that guards no route
 * stops the start: it is a typo, or left over from a route that is gone.
 */
export function protectRoutes(api: FastifyInstance, options: ProtectRoutesOptions): void {
  const { rules, verify, realm } = options;
  // Declared up front, as Fastify advises, so every request has the same shape, guarded or not.
  api.decorateRequest('principal', undefined);
  api.addHook('onRoute', (route) => {
    const methods = typeof route.method === 'string' ? [route.method] : route.method;
    const requirements = new Map<string, RouteRequirement>();
    for (const method of methods) {
      const requirement = rules.requirementOf(method, route.url);
      if (requirement) requirements.set(method, requirement);
    }
    const [first] = requirements.values();
    if (!first) return;
    const guard: onRequestAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const requirement = requirements.get(request.method);
      if (!requirement) return;
      try {
        const principal = await verify(bearerToken(request.headers.authorization));
        authorize(principal, requirement);
        request.principal = principal;
      } catch (error) {
        if (error instanceof AuthError) reply.header('www-authenticate', error.challenge(realm));
        throw error;
      }
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), guard];
    route.schema ??= {};
    if (!route.schema.hide) {
      const { security, securitySchemes, responses } = documentation(first, options.schemeDescription);
      route.schema.openapi = {
        ...route.schema.openapi,
        security,
        securitySchemes,
        responses: { ...route.schema.openapi?.responses, ...responses },
      };
    }
  });
  api.addHook('onReady', async () => {
    const unused = rules.unused();
    if (unused.length > 0) {
      const [verb, them] = unused.length > 1 ? ['guard', 'them'] : ['guards', 'it'];
      throw new Error(
        `${unused.join(', ')} ${verb} no route; correct ${unused.length > 1 ? 'their' : 'its'} url or methods, or remove ${them}`,
      );
    }
  });
}
