import type { EndpointAuth } from '../model.js';
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

function clientCredentials(scheme: unknown, scopes: string[]): EndpointAuth | undefined {
  // OpenAPI 3 names the flow clientCredentials; Swagger 2 calls it application and puts tokenUrl on the scheme.
  const flow = field(field(scheme, 'flows'), 'clientCredentials');
  const tokenUrl =
    textOf(field(flow, 'tokenUrl')) ??
    (field(scheme, 'flow') === 'application' ? textOf(field(scheme, 'tokenUrl')) : undefined);
  if (tokenUrl === undefined) return undefined;
  return {
    type: 'oauth2',
    tokenUrl,
    clientId: asVariable(AUTH_VARIABLES.clientId),
    clientSecret: asVariable(AUTH_VARIABLES.clientSecret),
    scope: scopes.join(' '),
  };
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
    const credentials = clientCredentials(scheme, scopes);
    if (credentials !== undefined) return credentials;
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

/**
 * The auth an operation's first security requirement asks for. `schemes` is `components.securitySchemes`
 * (OpenAPI 3) or `securityDefinitions` (Swagger 2).
 */
export function authOfRequirements(requirements: unknown, schemes: unknown, plan: PlanBuilder): EndpointAuth {
  for (const requirement of listOf(requirements)) {
    if (!isRecord(requirement)) continue;
    const [first] = entriesOf(requirement);
    if (first === undefined) return { type: 'none' }; // `{}` is "no auth needed"
    const [name, scopes] = first;
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
    if (auth !== undefined) return auth;
  }
  return { type: 'none' };
}
