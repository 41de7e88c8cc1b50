import {
  type EndpointBody,
  type EndpointExample,
  freeExampleName,
  type KeyValue,
  MAX_EXAMPLE_BODY_LENGTH,
} from '@client/core';
import { contentTypeOf, withContentType } from './body-language.js';
import type { BodyMode } from './body-mode.js';
import { statusLine } from './status-text.js';

/** The modes an example's body is edited in: it is text as answered, so no form or file modes. */
export const EXAMPLE_BODY_MODES: readonly BodyMode[] = ['none', 'json', 'text'];

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

function isJsonType(contentType: string | undefined): boolean {
  return JSON_MEDIA_TYPE.test((contentType ?? '').split(';')[0]?.trim() ?? '');
}

/** The example's body as the body editor shows it: its Content-Type says JSON or text; no type and no text is none. */
export function exampleBodyOf(example: EndpointExample): EndpointBody {
  const contentType = contentTypeOf(example.headers);
  if (isJsonType(contentType)) return { mode: 'json', text: example.body };
  if (contentType === undefined && example.body === '') return { mode: 'none' };
  return { mode: 'text', text: example.body };
}

function withoutContentType(headers: readonly KeyValue[]): KeyValue[] {
  return headers.filter((header) => header.key.trim().toLowerCase() !== 'content-type');
}

/**
 * The example with a body the editor gave: the mode is kept in its Content-Type (JSON sets `application/json`, text
 * one that is not JSON, none removes it), which is also what the mock answers with.
 */
export function withExampleBody(example: EndpointExample, body: EndpointBody): EndpointExample {
  const contentType = contentTypeOf(example.headers);
  if (body.mode === 'json') {
    const headers = isJsonType(contentType) ? example.headers : withContentType(example.headers, 'application/json');
    return { ...example, headers, body: body.text };
  }
  if (body.mode === 'text') {
    const headers =
      contentType === undefined || isJsonType(contentType)
        ? withContentType(example.headers, 'text/plain')
        : example.headers;
    return { ...example, headers, body: body.text };
  }
  return { ...example, headers: withoutContentType(example.headers), body: '' };
}

/** A new example, named so as not to clash with the endpoint's others. */
export function newExample(examples: readonly EndpointExample[]): EndpointExample {
  return {
    name: freeExampleName('200 OK', new Set(examples.map((example) => example.name))),
    status: 200,
    headers: [{ key: 'Content-Type', value: 'application/json' }],
    body: '{}',
  };
}

/**
 * Headers a mock writes itself: the length and framing of the body it sends, the connection's, the date of now, and
 * an encoding the body no longer has (the app keeps it decoded).
 */
const MOCK_WRITES = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'content-encoding',
]);

/** A response as it is saved as an example. */
export interface SavableResponse {
  status: number;
  statusText: string;
  headers: readonly KeyValue[];
  /** Null for a binary body, and for a text body too large to travel with the response. */
  body: string | null;
  binary?: boolean;
  truncated: boolean;
}

/** Why this response cannot become an example, or null when it can. */
export function whyNotSavable(response: SavableResponse, endpointId: string | null): string | null {
  if (endpointId === null) return 'This response belongs to no saved endpoint: save the request first.';
  if (response.body === null && response.binary === false)
    return 'This response’s body is too large for an example (2 MiB).';
  if (response.body === null) return 'This response’s body is not text, so it cannot be kept as an example.';
  if (response.truncated) return 'Only the first part of this response’s body was kept, so it cannot be an example.';
  if (response.body.length > MAX_EXAMPLE_BODY_LENGTH)
    return 'This response’s body is too large for an example (2 MiB).';
  return null;
}

/** The example a response makes: its status, the headers a mock does not write itself, and its body. */
export function exampleOfResponse(name: string, response: SavableResponse): EndpointExample {
  return {
    name: name.trim(),
    status: response.status,
    headers: response.headers
      .filter((header) => !MOCK_WRITES.has(header.key.trim().toLowerCase()))
      .map(({ key, value }) => ({ key, value })),
    body: response.body ?? '',
  };
}

/** The name offered for a response's example: its status line, free among the endpoint's examples. */
export function suggestedExampleName(response: SavableResponse, taken: readonly string[]): string {
  return freeExampleName(statusLine(response.status, response.statusText), new Set(taken));
}

/** What is wrong with an example as typed (saving would refuse it), or null. */
export function exampleProblem(example: EndpointExample, others: readonly EndpointExample[]): string | null {
  if (example.name.trim() === '') return 'Name the example, like “200 OK” or “Not found”.';
  if (others.some((other) => other !== example && other.name.trim() === example.name.trim()))
    return `Another example is named “${example.name.trim()}”: names must differ, a mock picks an example by it.`;
  if (!Number.isInteger(example.status) || example.status < 100 || example.status > 599)
    return 'The status must be a number from 100 to 599.';
  if (example.mockStatus !== undefined && (example.mockStatus < 100 || example.mockStatus > 599))
    return 'The mock’s status must be a number from 100 to 599.';
  if (example.delay !== undefined && example.delay.maxMs < example.delay.minMs)
    return 'The longest delay must not be shorter than the shortest.';
  return null;
}
