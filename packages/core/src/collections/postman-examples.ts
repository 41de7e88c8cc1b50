import type { EndpointExample } from '../examples/example.js';
import { statusName, statusReason } from '../examples/status-reason.js';
import type { KeyValue } from '../model.js';
import { isEnabled, keptEnabled } from '../request/enabled-rows.js';
import { field, listOf, textOf, textOr } from './plain-data.js';

/** An RFC 9110 field name: a saved response's other rows (a status line, a blank key) are no headers. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A saved response's header rows that are headers, a switched-off one kept switched off. */
function responseHeaders(rows: unknown): KeyValue[] {
  return listOf(rows).flatMap((row) => {
    const key = textOf(field(row, 'key')) ?? textOf(field(row, 'name'));
    if (key === undefined || !HEADER_NAME.test(key)) return [];
    const value = textOr(field(row, 'value'), '').replace(/[\r\n\0]+/g, ' ');
    return [{ key, value, ...keptEnabled(field(row, 'disabled') !== true) }];
  });
}

/**
 * A Postman item's saved responses (`response[]`, v2.0 and v2.1) as examples: name, status code, headers, body.
 * One without a status code has none to answer with; the plan skips it and says so.
 */
export function postmanExamples(responses: unknown): EndpointExample[] {
  return listOf(responses).map((response) => {
    const code = field(response, 'code');
    const status = typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : code;
    return {
      name: textOf(field(response, 'name'))?.trim() || (typeof status === 'number' ? statusName(status) : 'Example'),
      status: status as number,
      headers: responseHeaders(field(response, 'header')),
      body: textOr(field(response, 'body'), ''),
    };
  });
}

/** The language Postman previews a saved body in, from its Content-Type. */
function previewLanguage(headers: readonly KeyValue[]): string {
  const type = headers.find((header) => isEnabled(header) && header.key.toLowerCase() === 'content-type')?.value ?? '';
  if (/[/+]json\b/i.test(type)) return 'json';
  if (/[/+]xml\b/i.test(type)) return 'xml';
  if (/html/i.test(type)) return 'html';
  return 'text';
}

/** An endpoint's examples as Postman saved responses, each with the request it answers. */
export function postmanResponses(examples: readonly EndpointExample[], originalRequest: unknown): unknown[] {
  return examples.map((example) => ({
    name: example.name,
    originalRequest,
    status: statusReason(example.status) ?? '',
    code: example.status,
    _postman_previewlanguage: previewLanguage(example.headers),
    header: example.headers.map((header) => ({
      key: header.key,
      value: header.value,
      ...(isEnabled(header) ? {} : { disabled: true }),
    })),
    cookie: [],
    body: example.body,
  }));
}
