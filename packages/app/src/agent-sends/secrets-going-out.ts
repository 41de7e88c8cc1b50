import type { ConcreteAuth, EndpointDraft } from '@client/core';
import type { PreparedRequest, VariableScope } from '@client/http';

/** A secret variable a request carries, and the host the request goes to. */
export interface SecretGoingOut {
  name: string;
  host: string;
}

/**
 * The secret variables a request puts on the wire — in its URL, query, headers, body (file paths too), auth (its
 * own or inherited) or settings — each once, by name. Its name, description, scripts and assertion rows send
 * nothing, so a secret named only there is not counted.
 */
export function secretsCarried(scope: VariableScope, request: EndpointDraft & { auth: ConcreteAuth }): string[] {
  const { name: _name, description: _description, scripts: _scripts, tests: _tests, ...sent } = request;
  return scope.secretsIn(JSON.stringify(sent));
}

/** `secretsCarried` of a prepared request, with the host it goes to as its masked URL shows it. */
export function secretsGoingOut(prepared: PreparedRequest): SecretGoingOut[] {
  const host = URL.parse(prepared.outgoing.record.url)?.host ?? prepared.outgoing.record.url;
  return secretsCarried(prepared.scope, prepared.request).map((name) => ({ name, host }));
}
