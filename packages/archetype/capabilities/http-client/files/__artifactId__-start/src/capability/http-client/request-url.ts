import { expandPath, type PathParameterValue } from './path-template.js';
import { queryString } from './query-string.js';

/**
 * The URL of one call: the base URL, the expanded path template and the query. A path in the base URL is kept
 * (`http://host/api` + `/users` → `http://host/api/users`), unlike `new URL(path, base)`, which drops it.
 */
export function requestUrl(
  baseUrl: string,
  template: string,
  parameters: Readonly<Record<string, PathParameterValue>>,
  query: unknown,
): string {
  const search = queryString(query);
  const path = expandPath(template, parameters);
  return new URL(`${baseUrl.replace(/\/+$/, '')}${path}${search === '' ? '' : `?${search}`}`).href;
}
