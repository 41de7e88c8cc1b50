import { type EndpointAuth, isSecretName } from '@client/core';
import type { OutgoingRequest } from './outgoing-request.js';
import type { VariableScope } from './variable-scope.js';

const SCHEME = /^\s*(?:basic|bearer|digest|token)\s+(.+)$/i;

/** The secret fields of an auth, resolved as they went out. */
function authSecrets(auth: EndpointAuth, scope: VariableScope): string[] {
  const resolve = (text: string) => scope.resolve(text, false);
  switch (auth.type) {
    case 'basic':
    case 'digest':
      return [resolve(auth.password)];
    case 'bearer':
      return [resolve(auth.token)];
    case 'apiKey':
      return [resolve(auth.value)];
    case 'oauth2':
      return [resolve(auth.clientSecret)];
    case 'awsSigV4':
      return [resolve(auth.secretAccessKey), resolve(auth.sessionToken)];
    case 'none':
    case 'inherit':
      return [];
  }
}

/**
 * The credentials a request carried, as the wire had them, whether typed into the endpoint or taken from
 * variables: secret-named headers (the part after `Bearer ` too) and query parameters, each cookie's value, and
 * the auth's secrets. What an agent gets back is scrubbed of them in every encoded form.
 */
export function requestCredentials(outgoing: OutgoingRequest, auth: EndpointAuth, scope: VariableScope): string[] {
  const found = authSecrets(auth, scope);
  for (const { key, value } of outgoing.headers) {
    if (key.toLowerCase() === 'cookie') {
      for (const pair of value.split(';')) {
        const equals = pair.indexOf('=');
        if (equals > 0) found.push(pair.slice(equals + 1).trim());
      }
    } else if (isSecretName(key)) {
      found.push(value.trim());
      const credential = SCHEME.exec(value)?.[1];
      if (credential !== undefined) found.push(credential.trim());
    }
  }
  for (const [key, value] of outgoing.url.searchParams) if (isSecretName(key)) found.push(value);
  const { password } = outgoing.url;
  found.push(password, percentDecoded(password));
  return found.filter((value) => value !== '');
}

/** `text` decoded, or as it is when a stray `%` (not an escape) makes it undecodable. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
