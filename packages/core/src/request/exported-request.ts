import type { KeyValue } from '../model.js';
import { withoutDisabledRows } from './enabled-rows.js';
import { resolvedGraphqlPayload } from './graphql-text.js';
import { headersToSend } from './request-shape.js';
import { basicCredential, formField, requestUrl, sendsEmptyLength } from './sent-text.js';
import { resolveTemplate, type VariableLookup } from './template.js';
import type { CurlRequest } from './to-curl-command.js';

/** What a code export writes out: the request as the app sends it, its variables resolved. */
export interface ExportedRequest {
  method: string;
  url: string;
  /** Every header line the request names, in order, names as written, the Basic credential among them. */
  headers: KeyValue[];
  /** The body's text as written (a form already encoded), a file to read, or none. */
  body: { text: string } | { file: string } | null;
  /** Whether the request, having no body, still says `Content-Length: 0`, as the app frames a POST without one. */
  emptyLength: boolean;
}

/**
 * Headers an HTTP library writes itself from how it frames the message, which `fetch` and Java's HttpClient
 * refuse or replace when a request names them: an export in those cannot send such a request as the app does.
 */
const FRAMING_HEADERS = new Set([
  'connection',
  'content-length',
  'expect',
  'host',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
]);

/** Whether the request names a header its sender frames itself, or one of `others` (lower-case names). */
export function namesFramingHeader(request: ExportedRequest, others: readonly string[] = []): boolean {
  return request.headers.some(
    ({ key }) => FRAMING_HEADERS.has(key.toLowerCase()) || others.includes(key.toLowerCase()),
  );
}

function exportedBody(request: CurlRequest, lookup: VariableLookup): ExportedRequest['body'] {
  const { body } = request;
  switch (body.mode) {
    case 'json':
    case 'text':
      // The text as written: parsing and re-serialising JSON would turn 1.50 into 1.5.
      return { text: resolveTemplate(body.text, lookup) };
    case 'urlencoded':
      return { text: body.fields.map(({ key, value }) => formField(key, value, lookup)).join('&') };
    case 'file':
      return { file: resolveTemplate(body.path, lookup) };
    case 'graphql':
      return { text: resolvedGraphqlPayload(body, lookup) };
    default:
      return null;
  }
}

/**
 * The request a code export writes, as the app sends it. Null for what only the app can do here (a multipart
 * body, whose boundary it picks, Digest or AWS signing): the caller writes those another way.
 */
export function exportedRequest(written: CurlRequest, lookup: VariableLookup): ExportedRequest | null {
  const request = withoutDisabledRows(written);
  const { auth } = request;
  if (request.body.mode === 'multipart' || auth.type === 'digest' || auth.type === 'awsSigV4') return null;
  const resolve = (text: string) => resolveTemplate(text, lookup);
  const headers: KeyValue[] = headersToSend(request, resolve).map(({ key, value }) => ({
    key: resolve(key),
    value: resolve(value),
  }));
  // The token exists only once the app fetched it: the code names it as a placeholder to fill in.
  if (auth.type === 'oauth2') headers.push({ key: 'Authorization', value: 'Bearer {{oauth2_access_token}}' });
  if (auth.type === 'basic') {
    headers.push({ key: 'Authorization', value: basicCredential(resolve(auth.username), resolve(auth.password)) });
  }
  const body = exportedBody(request, lookup);
  return {
    method: request.method.toUpperCase(),
    url: requestUrl(request, lookup),
    headers,
    body,
    emptyLength: body === null && sendsEmptyLength(request.method),
  };
}
