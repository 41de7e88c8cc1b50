import {
  BASE_URL_VARIABLE,
  isEnabled,
  isOwnUrl,
  joinUrl,
  type KeyValue,
  parseQuery,
  splitUrl,
  startsWithVariable,
} from '@client/core';

export interface PathAndQuery {
  path: string;
  queryParams: KeyValue[];
}

const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * What the URL field shows after `{{base_url}}`, or alone for a URL of the endpoint's own: the query that is
 * sent, so a param switched off is in the params table only.
 */
export function formatPathAndQuery({ path, queryParams }: PathAndQuery): string {
  return joinUrl('', path, queryParams.filter(isEnabled));
}

/**
 * The params after the query was typed into the URL field, which shows only those that are on: the typed ones
 * take the places of the params that were on, in order, and each param that is off keeps its place.
 */
export function withTypedQuery(typed: readonly KeyValue[], current: readonly KeyValue[]): KeyValue[] {
  const queue = [...typed];
  const merged: KeyValue[] = [];
  for (const row of current) {
    if (!isEnabled(row)) merged.push(row);
    else {
      const next = queue.shift();
      if (next !== undefined) merged.push(next);
    }
  }
  return [...merged, ...queue];
}

function readPathAndQuery(text: string): PathAndQuery {
  const question = text.indexOf('?');
  const path = question === -1 ? text : text.slice(0, question);
  return { path, queryParams: question === -1 ? [] : parseQuery(text.slice(question + 1)) };
}

/**
 * Reads what was typed or pasted into the URL field. A whole URL under what `{{base_url}}` holds (`baseUrl`,
 * resolved) keeps only what follows it, so the endpoint follows `{{base_url}}` as before; a whole URL anywhere
 * else becomes the endpoint's own URL, sent there as written.
 */
export function readTypedUrl(text: string, baseUrl?: string): PathAndQuery {
  const trimmed = text.trim();
  const placeholder = `{{${BASE_URL_VARIABLE}}}`;
  const base = baseUrl?.trim().replace(/\/+$/, '') ?? '';
  for (const prefix of [placeholder, base]) {
    if (prefix === '' || trimmed.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) continue;
    const rest = trimmed.slice(prefix.length);
    if (rest === '' || rest.startsWith('/') || rest.startsWith('?')) return readPathAndQuery(rest === '' ? '/' : rest);
  }
  if (ABSOLUTE.test(trimmed)) {
    try {
      const split = splitUrl(trimmed);
      return { path: `${split.origin}${split.path}`, queryParams: split.queryParams };
    } catch {
      // Not a URL after all (e.g. `https://` alone): keep it as text the user is still typing.
    }
  }
  return readPathAndQuery(text);
}

/**
 * The path as it is saved: a URL of the endpoint's own, or one that starts with a variable (which may hold a
 * whole URL), as it is; any other path starting with `/`.
 */
export function normalizePath(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith('/') || isOwnUrl(trimmed) || startsWithVariable(trimmed) ? trimmed : `/${trimmed}`;
}
