import type { EndpointAuth, EndpointBody, EndpointDraft, KeyValue, QueryParam } from '../model.js';

/** The parts of an endpoint that decide what goes on the wire besides the method and path. */
export type RequestParts = Pick<EndpointDraft, 'queryParams' | 'headers' | 'body' | 'auth'>;

/** The Content-Type the app sends for a body mode when the request sets none itself. */
function defaultContentType(body: EndpointBody): string | null {
  switch (body.mode) {
    case 'json':
    case 'graphql':
      return 'application/json';
    case 'text':
      return 'text/plain';
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'file':
      return 'application/octet-stream';
    default:
      // multipart: the boundary is chosen when the body is written, so the sender sets the header.
      return null;
  }
}

/**
 * The header an auth setting writes, which wins over the request's own header of that name. Digest has
 * none up front: its header answers the server's challenge.
 */
function authHeaderName(auth: EndpointAuth): string | null {
  // An OAuth 2.0 token and an AWS signature are added by the sender; they still replace the request's own header.
  if (auth.type === 'bearer' || auth.type === 'basic' || auth.type === 'oauth2' || auth.type === 'awsSigV4') {
    return 'Authorization';
  }
  if (auth.type === 'apiKey' && auth.in === 'header' && auth.key !== '') return auth.key;
  return null;
}

/** Headers an auth setting adds as they are; basic and digest credentials are written by the sender. */
function authHeaders(auth: EndpointAuth): KeyValue[] {
  if (auth.type === 'bearer') return [{ key: 'Authorization', value: `Bearer ${auth.token}` }];
  if (auth.type === 'apiKey' && auth.in === 'header' && auth.key !== '') return [{ key: auth.key, value: auth.value }];
  return [];
}

/** The query a request goes out with: its own params, then an API key sent in the query. */
export function queryParamsToSend(request: Pick<RequestParts, 'queryParams' | 'auth'>): QueryParam[] {
  const { auth } = request;
  const apiKey =
    auth.type === 'apiKey' && auth.in === 'query' && auth.key !== '' ? [{ key: auth.key, value: auth.value }] : [];
  return [...request.queryParams, ...apiKey];
}

/**
 * The headers a request goes out with, `{{variables}}` not yet resolved: its own (rows without a name left
 * out), then the one its auth writes in place of its own of that name, then the body mode's Content-Type
 * when none is set. Basic and digest credentials are not among them, because how they are written depends on
 * where the request goes (an encoded header of the resolved values, `-u` for curl); a basic auth still
 * replaces the request's own Authorization. Names are compared, without case, as `resolveName` resolves them.
 */
export function headersToSend(request: RequestParts, resolveName: (text: string) => string): KeyValue[] {
  const named = (header: KeyValue, name: string) => resolveName(header.key).toLowerCase() === name.toLowerCase();
  const replaced = authHeaderName(request.auth);
  const headers = request.headers.filter(
    (header) => header.key.trim() !== '' && (replaced === null || !named(header, resolveName(replaced))),
  );
  headers.push(...authHeaders(request.auth));
  const contentType = defaultContentType(request.body);
  if (contentType !== null && !headers.some((header) => named(header, 'content-type'))) {
    headers.push({ key: 'Content-Type', value: contentType });
  }
  return headers;
}
