import { BASE_URL_VARIABLE, joinUrl, type KeyValue, parseQuery, splitUrl } from '@client/core';

export interface PathAndQuery {
  path: string;
  queryParams: KeyValue[];
}

export interface TypedUrl extends PathAndQuery {
  /** Set when the text was a whole URL whose origin is not `{{base_url}}`: it is dropped, and the UI says so. */
  droppedOrigin: string | null;
}

const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** What the URL field shows after `{{base_url}}`: the path and the query string. */
export function formatPathAndQuery({ path, queryParams }: PathAndQuery): string {
  return joinUrl('', path, queryParams);
}

/**
 * Reads what was typed or pasted into the URL field. Endpoints are stored relative to `{{base_url}}`,
 * so a whole URL keeps its path and query, and its origin is reported when it differs.
 */
export function readTypedUrl(text: string): TypedUrl {
  const trimmed = text.trim();
  const baseUrl = `{{${BASE_URL_VARIABLE}}}`;
  if (ABSOLUTE.test(trimmed) || trimmed.startsWith(baseUrl)) {
    try {
      const split = splitUrl(trimmed);
      return {
        path: split.path,
        queryParams: split.queryParams,
        droppedOrigin: split.origin === baseUrl ? null : split.origin,
      };
    } catch {
      // Not a URL after all (e.g. `https://` alone): keep it as a path the user is still typing.
    }
  }
  const question = text.indexOf('?');
  const path = question === -1 ? text : text.slice(0, question);
  return {
    path,
    queryParams: question === -1 ? [] : parseQuery(text.slice(question + 1)),
    droppedOrigin: null,
  };
}

/** The path as it is saved: always starting with `/`. */
export function normalizePath(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
