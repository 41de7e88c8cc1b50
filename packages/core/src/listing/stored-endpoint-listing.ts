import type { EndpointAuth, EndpointBody, EndpointState, KeyValue } from '../model.js';
import { listedLocation } from '../url/endpoint-url.js';
import type { EndpointListing } from './agent-listing.js';
import { maskAuth, maskBody, maskKeyValues, maskUrlUserinfo } from './mask-secrets.js';

/**
 * An endpoint's columns as the store reads them for a listing, in this order, with queryParams, headers, body
 * and auth still the JSON text JSON.stringify wrote for them. A tuple, because SQLite hands rows over as
 * arrays faster than as objects.
 */
export type StoredEndpointRow = readonly [
  id: string,
  projectId: string,
  folderId: string | null,
  name: string,
  method: string,
  path: string,
  queryParams: string,
  headers: string,
  body: string,
  auth: string,
  state: string,
  createdAt: string,
];

/** The JSON parsed and masked (a JSON body is parsed again only when something in it may be secret). */
function parseMasked<T>(json: string, mask: (value: T) => T): T {
  return mask(JSON.parse(json) as T);
}

/**
 * The same listing as `toEndpointListing(endpoint, baseUrl)`, built straight from a stored row: listing
 * 10,000 endpoints then skips building each endpoint first.
 */
export function storedEndpointListing(row: StoredEndpointRow, projectBaseUrl: string | null): EndpointListing {
  const [id, projectId, folderId, name, method, storedPath, queryParams, headers, body, auth, state, createdAt] = row;
  const { baseUrl, path } = listedLocation(storedPath, projectBaseUrl);
  return {
    endpointId: id,
    projectId,
    folderId,
    name,
    method,
    baseUrl: baseUrl === null ? null : maskUrlUserinfo(baseUrl),
    path,
    queryParams: parseMasked<KeyValue[]>(queryParams, maskKeyValues),
    headers: parseMasked<KeyValue[]>(headers, maskKeyValues),
    body: parseMasked<EndpointBody>(body, maskBody),
    auth: maskAuth(JSON.parse(auth) as EndpointAuth),
    state: state as EndpointState,
    createdAt,
  };
}
