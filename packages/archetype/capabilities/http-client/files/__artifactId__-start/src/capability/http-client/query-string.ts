/**
 * A query object as query parameters the way this service's own routes read them (see
 * `web/nested-query.ts`): nested objects become dotted names and arrays `[i]` indexes, so
 * `{page: {sorts: [{column: 'age'}]}}` becomes `page.sorts[0].column=age`. `undefined` and `null` leave
 * the parameter out; dates are written as ISO 8601. The result has no leading `?`.
 */
export function queryString(query: unknown): string {
  const parameters = new URLSearchParams();
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object' || Array.isArray(query)) {
    throw new TypeError(
      `the query must be an object of parameters, not ${Array.isArray(query) ? 'an array' : typeof query}`,
    );
  }
  for (const [key, value] of Object.entries(query)) appendParameter(parameters, key, value);
  return parameters.toString();
}

function appendParameter(parameters: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (value instanceof Date) {
    parameters.append(name, value.toISOString());
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) appendParameter(parameters, `${name}[${index}]`, item);
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) appendParameter(parameters, `${name}.${key}`, item);
  } else if (typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError(`query parameter "${name}" is a ${typeof value}, which has no text form`);
  } else {
    parameters.append(name, String(value));
  }
}
