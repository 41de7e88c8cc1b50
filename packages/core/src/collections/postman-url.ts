import { field, listOf, textOf } from './plain-data.js';
import type { PlanBuilder } from './plan-builder.js';

/** A host or path as Postman writes it: one text, or its segments (a 2.1 segment may be `{value}`). */
function joined(parts: unknown, separator: string): string {
  if (!Array.isArray(parts)) return textOf(parts) ?? '';
  return parts
    .map((part) => textOf(part) ?? textOf(field(part, 'value')))
    .filter((part) => part !== undefined)
    .join(separator);
}

/**
 * The URL a Postman URL object describes when it has no `raw` text (as v2.0 exports often write it): the
 * switched-on query params in it, the switched-off ones left to the caller, as Postman's own `raw` leaves them out.
 */
function urlOfParts(url: unknown): string {
  const protocol = textOf(field(url, 'protocol'));
  const host = joined(field(url, 'host'), '.');
  const port = textOf(field(url, 'port'));
  const path = joined(field(url, 'path'), '/');
  const query = listOf(field(url, 'query')).flatMap((param) => {
    const key = textOf(field(param, 'key'));
    if (key === undefined || field(param, 'disabled') === true) return [];
    const value = textOf(field(param, 'value'));
    return [value === undefined ? key : `${key}=${value}`];
  });
  if (host === '' && path === '') return '';
  const origin = `${protocol === undefined || host === '' ? '' : `${protocol}://`}${host}${port === undefined || port === '' ? '' : `:${port}`}`;
  const slash = path === '' || path.startsWith('/') ? '' : '/';
  return `${origin}${slash}${path}${query.length === 0 ? '' : `?${query.join('&')}`}`;
}

/** A Postman URL (a string in 2.0, an object in 2.1 and often in 2.0) as text, `:name` path variables as `{{name}}`. */
export function readPostmanUrl(url: unknown, plan: PlanBuilder): string {
  if (typeof url === 'string') return url.replace(/\/:([A-Za-z_][\w-]*)/g, '/{{$1}}');
  const raw = textOf(field(url, 'raw'));
  for (const variable of listOf(field(url, 'variable'))) {
    const key = textOf(field(variable, 'key'));
    const value = textOf(field(variable, 'value'));
    if (key !== undefined && value !== undefined && value !== '') plan.variable(key, value);
  }
  return (raw === undefined || raw === '' ? urlOfParts(url) : raw).replace(/\/:([A-Za-z_][\w-]*)/g, '/{{$1}}');
}
