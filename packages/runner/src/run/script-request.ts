import {
  BASE_URL_VARIABLE,
  type EndpointDraft,
  endpointUrlTemplate,
  isEnabled,
  joinQuery,
  parseQuery,
  placeholder,
  type QueryParam,
} from '@client/core';
import type { ScriptRequest } from '../sandbox/script-types.js';

const BASE_URL = placeholder(BASE_URL_VARIABLE);

/** `?a=1&b&c=` as the engine writes a query. */
function queryText(query: readonly QueryParam[]): string {
  const text = joinQuery(query);
  return text === '' ? '' : `?${text}`;
}

/** The request as a script sees it: the whole URL as written (`{{base_url}}/path?query`), the rows that are on. */
export function scriptRequestOf(id: string, draft: EndpointDraft): ScriptRequest {
  return {
    id,
    name: draft.name,
    method: draft.method,
    url: `${endpointUrlTemplate(draft.path)}${queryText(draft.queryParams.filter(isEnabled))}`,
    headers: draft.headers.filter(isEnabled).map(({ key, value }) => ({ key, value })),
    body: draft.body,
  };
}

/** The path a script's URL gives: after `{{base_url}}` as every endpoint's, else a URL of its own. */
function pathAndQuery(url: string): { path: string; query: QueryParam[] } {
  const question = url.indexOf('?');
  const beforeQuery = question === -1 ? url : url.slice(0, question);
  const query = question === -1 ? [] : parseQuery(url.slice(question + 1));
  if (!beforeQuery.startsWith(BASE_URL)) return { path: beforeQuery, query };
  const path = beforeQuery.slice(BASE_URL.length);
  return { path: path === '' ? '/' : path, query };
}

/**
 * The endpoint as a pre-request script left it. A script that changed nothing leaves the endpoint as it was,
 * switched-off rows included; a changed URL or header list replaces the rows that were on.
 */
export function draftAfterScript(draft: EndpointDraft, before: ScriptRequest, after: ScriptRequest): EndpointDraft {
  let next = draft;
  if (after.url !== before.url) {
    const { path, query } = pathAndQuery(after.url);
    next = { ...next, path, queryParams: [...query, ...draft.queryParams.filter((row) => !isEnabled(row))] };
  }
  if (JSON.stringify(after.headers) !== JSON.stringify(before.headers)) {
    next = { ...next, headers: [...after.headers, ...draft.headers.filter((row) => !isEnabled(row))] };
  }
  if (after.method !== before.method) next = { ...next, method: after.method.toUpperCase() };
  if (JSON.stringify(after.body) !== JSON.stringify(before.body)) next = { ...next, body: after.body };
  return next;
}
