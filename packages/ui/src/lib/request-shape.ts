import type { EndpointAuth, EndpointBody, KeyValue } from '@client/core';

/** The Content-Type the app sends for a body mode when the request sets none itself. */
export function defaultContentType(body: EndpointBody): string | null {
  switch (body.mode) {
    case 'json':
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

export function findHeader(headers: readonly KeyValue[], name: string): KeyValue | undefined {
  const lower = name.toLowerCase();
  return headers.find((header) => header.key.toLowerCase() === lower);
}

/** Headers an auth setting adds; basic and digest are left to the sender (digest needs a challenge). */
export function authHeaders(auth: EndpointAuth): KeyValue[] {
  if (auth.type === 'bearer') return [{ key: 'Authorization', value: `Bearer ${auth.token}` }];
  if (auth.type === 'apiKey' && auth.in === 'header' && auth.key !== '') return [{ key: auth.key, value: auth.value }];
  return [];
}

/** Query params an auth setting adds (an API key sent in the query). */
export function authQueryParams(auth: EndpointAuth): KeyValue[] {
  return auth.type === 'apiKey' && auth.in === 'query' && auth.key !== '' ? [{ key: auth.key, value: auth.value }] : [];
}
