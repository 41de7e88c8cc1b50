import type { EndpointAuth, KeyValue } from '../model.js';
import { entriesOf, field, isRecord, listOf, textOf } from './plain-data.js';
import type { PlanBuilder } from './plan-builder.js';

/** The variable names imported auth leaves secrets in, so no secret is ever written into an endpoint. */
const AUTH_VARIABLES = {
  token: 'token',
  username: 'username',
  password: 'password',
  apiKey: 'apiKey',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
} as const;

const asVariable = (name: string): string => `{{${name}}}`;

/** The OAuth 2.0 grant a scheme's flows offer that the app can run itself: client credentials first, then authorization code. */
function oauth2Grant(scheme: unknown, scopes: string[]): EndpointAuth | undefined {
  const flows = field(scheme, 'flows');
  // Swagger 2 names one flow on the scheme itself: application is client credentials, accessCode authorization code.
  const swaggerFlow = textOf(field(scheme, 'flow'));
  const common = {
    clientId: asVariable(AUTH_VARIABLES.clientId),
    clientSecret: asVariable(AUTH_VARIABLES.clientSecret),
    scope: scopes.join(' '),
  };
  const credentials = field(flows, 'clientCredentials') ?? (swaggerFlow === 'application' ? scheme : undefined);
  const credentialsTokenUrl = textOf(field(credentials, 'tokenUrl'));
  if (credentialsTokenUrl !== undefined) return { type: 'oauth2', tokenUrl: credentialsTokenUrl, ...common };
  const code = field(flows, 'authorizationCode') ?? (swaggerFlow === 'accessCode' ? scheme : undefined);
  const authorizationUrl = textOf(field(code, 'authorizationUrl'));
  const tokenUrl = textOf(field(code, 'tokenUrl'));
  if (authorizationUrl === undefined || tokenUrl === undefined) return undefined;
  return { type: 'oauth2', grant: 'authorizationCode', authorizationUrl, tokenUrl, ...common };
}

/** One security scheme (OpenAPI 3 or Swagger 2) as an endpoint's auth, its secret left as a `{{variable}}`. */
function authOfScheme(name: string, scheme: unknown, scopes: string[], plan: PlanBuilder): EndpointAuth | undefined {
  const type = textOf(field(scheme, 'type'));
  const httpScheme = textOf(field(scheme, 'scheme'))?.toLowerCase();
  if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) {
    return {
      type: 'basic',
      username: asVariable(AUTH_VARIABLES.username),
      password: asVariable(AUTH_VARIABLES.password),
    };
  }
  if (type === 'http' && httpScheme === 'digest') {
    return {
      type: 'digest',
      username: asVariable(AUTH_VARIABLES.username),
      password: asVariable(AUTH_VARIABLES.password),
    };
  }
  if (type === 'http' && httpScheme === 'bearer') return { type: 'bearer', token: asVariable(AUTH_VARIABLES.token) };
  if (type === 'apiKey') {
    const where = textOf(field(scheme, 'in'));
    const key = textOf(field(scheme, 'name')) ?? 'X-API-Key';
    if (where === 'header' || where === 'query') {
      return { type: 'apiKey', key, value: asVariable(AUTH_VARIABLES.apiKey), in: where };
    }
    plan.warn(`security scheme ${name} sends its key in a ${where ?? 'unknown place'}; set that by hand`);
    return undefined;
  }
  if (type === 'oauth2') {
    const grant = oauth2Grant(scheme, scopes);
    if (grant !== undefined) return grant;
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    plan.warn(
      `security scheme ${name} (${type}) is sent as a bearer {{${AUTH_VARIABLES.token}}}; fetch the token yourself`,
    );
    return { type: 'bearer', token: asVariable(AUTH_VARIABLES.token) };
  }
  if (type !== undefined) plan.warn(`security scheme ${name} of type ${type} is not supported; set its auth by hand`);
  return undefined;
}

/** What an operation's security asks of each request: one auth, and the further API keys it needs at once. */
export interface OperationSecurity {
  auth: EndpointAuth;
  headers: KeyValue[];
  queryParams: KeyValue[];
}

/** A variable name for a further key: the scheme's own name, when a `{{…}}` can hold it. */
const keyVariable = (name: string): string => (/^[\w.-]{1,64}$/.test(name) ? name : AUTH_VARIABLES.apiKey);

/**
 * The auth an operation's first usable security requirement asks for. A requirement that names several schemes
 * needs them all at once: the first that maps is the endpoint's auth, every further API key goes out as its own
 * header or query param holding a `{{variable}}` named for its scheme, and any other scheme is named in a warning.
 * `schemes` is `components.securitySchemes` (OpenAPI 3) or `securityDefinitions` (Swagger 2).
 */
export function securityOfRequirements(
  requirements: unknown,
  schemes: unknown,
  plan: PlanBuilder,
  label: string,
): OperationSecurity {
  for (const requirement of listOf(requirements)) {
    if (!isRecord(requirement)) continue;
    const named = entriesOf(requirement);
    if (named.length === 0) break; // `{}` is "no auth needed"
    const security: OperationSecurity = { auth: { type: 'none' }, headers: [], queryParams: [] };
    for (const [name, scopes] of named) {
      const scheme = field(schemes, name);
      if (scheme === undefined) {
        plan.warn(`security requirement ${name} names no defined scheme`);
        continue;
      }
      const auth = authOfScheme(
        name,
        scheme,
        listOf(scopes).filter((scope) => typeof scope === 'string'),
        plan,
      );
      if (auth === undefined) continue;
      if (security.auth.type === 'none') security.auth = auth;
      else if (auth.type === 'apiKey') {
        const row = { key: auth.key, value: asVariable(keyVariable(name)) };
        security[auth.in === 'query' ? 'queryParams' : 'headers'].push(row);
      } else {
        plan.warn(`${label}: also needs security scheme ${name} (${auth.type}), which was left out; set it by hand`);
      }
    }
    if (security.auth.type !== 'none') return security;
  }
  return { auth: { type: 'none' }, headers: [], queryParams: [] };
}
