import type { JWTPayload } from 'jose';

/** Who a verified token speaks for, and what it lets them do. */
export interface Principal {
  /** The token's `sub`: the user or client it was issued to. */
  readonly subject: string | undefined;
  readonly scopes: ReadonlySet<string>;
  readonly roles: ReadonlySet<string>;
  /** Every claim of the token, for what the service reads beyond these (a tenant, an e-mail address). */
  readonly claims: JWTPayload;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, on a route the auth rules guard; `undefined` on an open route. */
    principal?: Principal;
  }
}

/** The value at a dotted path (`realm_access.roles`) of the claims. */
function claimAt(claims: JWTPayload, path: string): unknown {
  let value: unknown = claims;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** A claim as a set of names: a space-separated string (`scope`) or a list of strings (`scp`, `roles`). */
function namesIn(value: unknown): Set<string> {
  if (typeof value === 'string') return new Set(value.split(' ').filter((name) => name !== ''));
  if (Array.isArray(value)) return new Set(value.filter((name): name is string => typeof name === 'string'));
  return new Set();
}

/** The principal of verified claims, its scopes and roles read from the claims the configuration names. */
export function principalOf(claims: JWTPayload, claimNames: { readonly scopes: string; readonly roles: string }) {
  return {
    subject: claims.sub,
    scopes: namesIn(claimAt(claims, claimNames.scopes)),
    roles: namesIn(claimAt(claims, claimNames.roles)),
    claims,
  } satisfies Principal;
}
