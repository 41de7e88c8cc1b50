import { z } from 'zod';

import type { ApplicationConfig } from '../../config/application-config.js';

/**
 * The signing algorithms a token may use: public-key ones only. A shared-secret algorithm (HS256) would let
 * anyone holding the secret mint tokens, and accepting it beside a public key invites algorithm confusion.
 */
export const TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

const RULE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', '*'] as const;

/**
 * A scope as OAuth 2.0 spells one (RFC 6749 §3.3: printable ASCII but space, `"` and `\`), so it can go into a
 * `WWW-Authenticate` header as it is.
 */
const scopeSchema = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'must be printable ASCII without spaces, " or \\');

const ruleSchema = z
  .strictObject({
    /** The methods the rule covers; `*` covers every one. A rule naming GET covers HEAD too. */
    methods: z.array(z.enum(RULE_METHODS)).min(1),
    /** A route's path as the routes declare it (`/sys-users/:id`); `*` is one segment, a final `/**` any below. */
    url: z.string().regex(/^\/[^?#\s]*$/, 'must be a path such as /sys-users/:id, without a query'),
    /** Every one of these scopes is needed. */
    scopes: z.array(scopeSchema).default([]),
    /** One of these roles is needed. */
    roles: z.array(scopeSchema).default([]),
    /** The routes it covers need no token, whatever a later rule says. */
    anonymous: z.boolean().default(false),
  })
  .refine((rule) => !rule.anonymous || (rule.scopes.length === 0 && rule.roles.length === 0), {
    message: 'an anonymous rule takes no scopes or roles',
  });

const authConfigSchema = z
  .strictObject({
    issuer: z.string().min(1, 'set the issuer of the tokens (their iss claim), e.g. https://login.example.com/'),
    audience: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    jwksUri: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })]),
    publicKey: z.string(),
    algorithms: z.array(z.enum(TOKEN_ALGORITHMS)).min(1),
    clockToleranceSeconds: z.number().int().min(0).max(300),
    jwks: z.strictObject({
      cacheMaxAgeMs: z.number().int().positive(),
      cooldownMs: z.number().int().nonnegative(),
      timeoutMs: z.number().int().positive(),
    }),
    claims: z.strictObject({
      scopes: z.string().min(1),
      roles: z.string().min(1),
    }),
    rules: z.array(ruleSchema),
  })
  .refine((config) => config.publicKey === '' || config.jwksUri === '', {
    message: 'set publicKey or jwksUri, not both',
    path: ['jwksUri'],
  });

export type AuthConfig = z.infer<typeof authConfigSchema>;
export type AuthRule = AuthConfig['rules'][number];

/** The `auth` section of application.yaml; a missing or wrong key stops the start, naming it. */
export function readAuthConfig(config: ApplicationConfig): AuthConfig {
  const result = authConfigSchema.safeParse(config.auth);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${['auth', ...issue.path.map(String)].join('.')}: ${issue.message}`,
    );
    throw new Error(`invalid auth section in application.yaml: ${problems.join('; ')}`);
  }
  return result.data;
}

/** The audiences a token may name, as a list. */
export function audiences(config: AuthConfig): string[] {
  return typeof config.audience === 'string' ? [config.audience] : config.audience;
}
