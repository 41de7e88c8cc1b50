import { invalid } from '../field-readers.js';

/**
 * What an endpoint speaks besides HTTP. An endpoint without a kind is an HTTP request, so every endpoint, file and
 * export written before kinds existed means what it always meant.
 */
export const ENDPOINT_KINDS = ['websocket', 'mcp'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

/** An endpoint's kind as listings name it: `http` for the endpoints that have none. */
export type EndpointKindName = 'http' | EndpointKind;

export function kindName(endpoint: { kind?: EndpointKind | undefined }): EndpointKindName {
  return endpoint.kind ?? 'http';
}

/** A kind as written in a file or sent by the window: `http` (or nothing) is the HTTP request, which keeps no kind. */
export function readEndpointKind(value: unknown, label: string): EndpointKind | undefined {
  if (value === undefined || value === null || value === 'http') return undefined;
  const kind = ENDPOINT_KINDS.find((known) => known === value);
  if (kind === undefined) {
    throw invalid(`${label} ${JSON.stringify(value)} is unknown; use http, ${ENDPOINT_KINDS.join(' or ')}`);
  }
  return kind;
}
