import type { Assertion } from '@client/core';
import type { AssertionResponse } from './assertion-response.js';
import { queryJsonPath } from './json-path.js';
import { eventsView } from './stream-events-view.js';

export type Actual = { found: true; value: unknown } | { found: false; reason: string };

/** A header's value, any case; several headers of the name as one value joined by ", " (as HTTP folds them). */
function headerValue(response: AssertionResponse, name: string): Actual {
  const wanted = name.toLowerCase();
  const values = response.headers.filter((header) => header.key.toLowerCase() === wanted).map((header) => header.value);
  return values.length === 0
    ? { found: false, reason: `the response has no ${name} header` }
    : { found: true, value: values.join(', ') };
}

/**
 * Each response's body as parsed JSON (undefined when it is not JSON), parsed once for all the rows checked
 * against it.
 */
const parsedBodies = new WeakMap<AssertionResponse, { json: unknown } | undefined>();

function parsedBody(response: AssertionResponse): { json: unknown } | undefined {
  if (parsedBodies.has(response)) return parsedBodies.get(response);
  let parsed: { json: unknown } | undefined;
  try {
    parsed = { json: JSON.parse(response.body) };
  } catch {
    parsed = undefined;
  }
  parsedBodies.set(response, parsed);
  return parsed;
}

/** What a row reads of the response. */
export function actualValue(row: Assertion, response: AssertionResponse): Actual {
  switch (row.source) {
    case 'status':
      return { found: true, value: response.code };
    case 'responseTime':
      return { found: true, value: response.responseTime };
    case 'size':
      return { found: true, value: response.size };
    case 'body':
      return { found: true, value: response.body };
    case 'header':
      return headerValue(response, row.property);
    case 'jsonpath': {
      const parsed = parsedBody(response);
      if (parsed === undefined)
        return { found: false, reason: `the body is not JSON, so ${row.property} finds nothing` };
      return queryJsonPath(parsed.json, row.property);
    }
    case 'events':
      if (response.events === undefined) {
        return { found: false, reason: `the response is not a stream of events, so ${row.property} finds nothing` };
      }
      // `$.length` counts the events, which a JSONPath query of the array cannot say.
      if (row.property === '$.length') return { found: true, value: response.events.length };
      return queryJsonPath(eventsView(response.events), row.property);
  }
}
