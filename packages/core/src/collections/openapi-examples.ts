import type { EndpointExample } from '../examples/example.js';
import { statusName } from '../examples/status-reason.js';
import { bodyText, entriesOf, field, isRecord, type PlainRecord } from './plain-data.js';
import { statusOfResponseKey } from './response-status.js';

/** The Content-Type an example answers with; none for a wildcard media type. */
function contentType(mediaType: string): EndpointExample['headers'] {
  return mediaType.includes('*') ? [] : [{ key: 'Content-Type', value: mediaType }];
}

/** A value as the body answered: JSON pretty-printed with two spaces, a string as it is. */
function example(name: string, status: number, mediaType: string, value: unknown): EndpointExample {
  return { name, status, headers: contentType(mediaType), body: bodyText(value) };
}

/**
 * An operation's response examples, each response's media types in order: OpenAPI 3's `example` (named after
 * the status, "200 OK") then each of its `examples` (named by their key; `externalValue` ones are not read),
 * Swagger 2.0's `examples` by media type. Names may repeat; the plan makes them unique.
 */
export function responseExamples(operation: PlainRecord, swagger: boolean): EndpointExample[] {
  const responses = entriesOf(operation.responses);
  const keys = responses.map(([key]) => key);
  return responses.flatMap(([key, response]) => {
    const status = statusOfResponseKey(key, keys);
    if (status === undefined || !isRecord(response)) return [];
    if (swagger) {
      return entriesOf(response.examples).map(([mediaType, value]) =>
        example(statusName(status), status, mediaType, value),
      );
    }
    return entriesOf(response.content).flatMap(([mediaType, media]) => [
      ...(field(media, 'example') === undefined
        ? []
        : [example(statusName(status), status, mediaType, field(media, 'example'))]),
      ...entriesOf(field(media, 'examples')).flatMap(([name, entry]) => {
        const value = field(entry, 'value');
        return value === undefined ? [] : [example(name, status, mediaType, value)];
      }),
    ]);
  });
}
