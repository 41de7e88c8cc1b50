import { BASE_URL_VARIABLE } from '../model.js';
import { placeholder } from '../request/template.js';
import { splitUrl } from './split-url.js';

const OWN_URL = /^https?:\/\//i;

/**
 * Whether an endpoint's path is a whole URL of its own (`https://other.example.com/v1/x`), sent as written,
 * rather than a path after the project's `{{base_url}}`. Imports always save a path (the import rules), the
 * person can make any endpoint either.
 */
export function isOwnUrl(path: string): boolean {
  return OWN_URL.test(path);
}

/** The URL an endpoint goes to before its query: `{{base_url}}` and the path, or its own URL. */
export function endpointUrlTemplate(path: string): string {
  return isOwnUrl(path) ? path : `${placeholder(BASE_URL_VARIABLE)}${path}`;
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
