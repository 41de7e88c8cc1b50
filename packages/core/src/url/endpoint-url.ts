import { BASE_URL_VARIABLE } from '../model.js';
import { placeholder, resolveTemplate, type VariableLookup } from '../request/template.js';
import { splitUrl } from './split-url.js';

const OWN_URL = /^(?:https?|wss?):\/\//i;

/**
 * Whether an endpoint's path is a whole URL of its own (`https://other.example.com/v1/x`, or a WebSocket's
 * `wss://…`), sent as written, rather than a path after the project's `{{base_url}}`. Imports always save a path
 * (the import rules), the person can make any endpoint either.
 */
export function isOwnUrl(path: string): boolean {
  return OWN_URL.test(path);
}

const LEADING_VARIABLE = /^\{\{\s*[A-Za-z0-9_.$-]+\s*\}\}/;

/**
 * Whether an endpoint is sent as written, with no `{{base_url}}` before it: a whole URL, or a path that starts
 * with a variable whose value is one (`{{tls_host}}/echo` with tls_host = `https://127.0.0.1:8443`). Only a
 * leading variable counts, so `/v1/{{next}}` stays under base_url whatever `next` holds.
 */
export function sendsAsWritten(path: string, lookup: VariableLookup): boolean {
  if (isOwnUrl(path)) return true;
  const leading = LEADING_VARIABLE.exec(path);
  return leading !== null && isOwnUrl(resolveTemplate(leading[0], lookup).trimStart());
}

/**
 * The URL an endpoint goes to before its query: `{{base_url}}` and the path, or the path alone when it is sent
 * as written. Without a lookup only a literal whole URL is sent as written.
 */
export function endpointUrlTemplate(path: string, lookup: VariableLookup = () => undefined): string {
  return sendsAsWritten(path, lookup) ? path : `${placeholder(BASE_URL_VARIABLE)}${path}`;
}

/** Whether a saved path starts with a variable (`{{host}}/x`), which may hold a whole URL or a path prefix. */
export function startsWithVariable(path: string): boolean {
  return LEADING_VARIABLE.test(path);
}

/** Where a listing says an endpoint goes: its own URL's origin and path, or the project's `base_url` and path. */
export function listedLocation(path: string, projectBaseUrl: string | null): { baseUrl: string | null; path: string } {
  if (!isOwnUrl(path)) return { baseUrl: projectBaseUrl, path };
  try {
    const split = splitUrl(path);
    return { baseUrl: split.origin, path: split.path };
  } catch {
    return { baseUrl: null, path };
  }
}
