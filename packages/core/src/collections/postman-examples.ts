import type { EndpointExample } from '../examples/example.js';
import { statusName, statusReason } from '../examples/status-reason.js';
import type { KeyValue } from '../model.js';
import { isEnabled } from '../request/enabled-rows.js';
import { exampleHeaders } from './example-headers.js';
import { field, listOf, textOf, textOr } from './plain-data.js';

/** A saved response's header rows (v2.1 names them `key`, old v2.0 exports `name` or write them as one text). */
function responseHeaders(rows: unknown): KeyValue[] {
  if (typeof rows === 'string') {
    return exampleHeaders(
      rows.split(/\r?\n/).flatMap((line) => {
        const colon = line.indexOf(':');
        if (colon <= 0) return [];
        return [{ key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim(), enabled: true }];
      }),
    );
  }
  return exampleHeaders(
    listOf(rows).flatMap((row) => {
      const key = textOf(field(row, 'key')) ?? textOf(field(row, 'name'));
      if (key === undefined) return [];
      return [{ key, value: textOr(field(row, 'value'), ''), enabled: field(row, 'disabled') !== true }];
    }),
  );
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
