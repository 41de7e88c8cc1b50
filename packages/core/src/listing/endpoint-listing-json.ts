import type { EndpointAuth, EndpointBody, QueryParam } from '../model.js';
import { listedLocation } from '../url/endpoint-url.js';
import type { EndpointListing } from './agent-listing.js';
import { maskAssertions, maskAuth, maskBody, maskedPairValue, maskUrlUserinfo } from './mask-secrets.js';

/** What a listing is made of: an endpoint's fields as the store reads them. */
export type EndpointListingSource = Omit<EndpointListing, 'endpointId' | 'baseUrl'> & { id: string };

const quote = JSON.stringify as (text: string) => string;

function pairsJson(pairs: readonly QueryParam[]): string {
  let json = '[';
  for (let index = 0; index < pairs.length; index++) {
    const { key, value, enabled, equals } = pairs[index] as QueryParam;
    if (index > 0) json += ',';
    json += `{"key":${quote(key)},"value":${quote(maskedPairValue(key, value))}`;
    if (enabled !== undefined) json += `,"enabled":${enabled}`;
    json += equals === undefined ? '}' : `,"equals":${equals}}`;
  }
  return `${json}]`;
}

function bodyJson(body: EndpointBody): string {
  const masked = maskBody(body);
  switch (masked.mode) {
    case 'none':
      return '{"mode":"none"}';
    case 'json':
    case 'text':
      return `{"mode":"${masked.mode}","text":${quote(masked.text)}}`;
    default:
      return JSON.stringify(masked);
  }
}

function authJson(auth: EndpointAuth): string {
  return auth.type === 'none' ? '{"type":"none"}' : JSON.stringify(maskAuth(auth));
}

/**
 * `JSON.stringify(toEndpointListing(endpoint, projectBaseUrl))`, written field by field: listing 10,000
 * endpoints then builds no listing object per endpoint, and copies nothing that needs no masking.
 */
export function endpointListingJson(source: EndpointListingSource, projectBaseUrl: string | null): string {
  const { baseUrl, path } = listedLocation(source.path, projectBaseUrl);
  return (
    `{"endpointId":${quote(source.id)},"projectId":${quote(source.projectId)},` +
    `"folderId":${source.folderId === null ? 'null' : quote(source.folderId)},` +
    `"name":${quote(source.name)},"method":${quote(source.method)},` +
    (source.kind === undefined ? '' : `"kind":${quote(source.kind)},`) +
    `"baseUrl":${baseUrl === null ? 'null' : quote(maskUrlUserinfo(baseUrl))},"path":${quote(path)},` +
    `"queryParams":${pairsJson(source.queryParams)},"headers":${pairsJson(source.headers)},` +
    `"body":${bodyJson(source.body)},"auth":${authJson(source.auth)},` +
    `"state":${quote(source.state)},"createdAt":${quote(source.createdAt)}` +
    (source.tests === undefined || source.tests.length === 0
      ? '}'
      : `,"tests":${JSON.stringify(maskAssertions(source.tests))}}`)
  );
}
