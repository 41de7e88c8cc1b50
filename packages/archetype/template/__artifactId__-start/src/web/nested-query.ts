type Segment = string | number;

/** Arrays longer than this are not built; the parameter is kept under its literal name instead. */
export const MAX_QUERY_INDEX = 15;
/** A name that could reach an object's prototype; such parameters are dropped. */
const UNSAFE_KEY = /(^|[.[\]])(__proto__|constructor|prototype)($|[.[\]])/;
const KEY_PATTERN = /^[A-Za-z_$][\w$]*((\.[A-Za-z_$][\w$]*)|(\[\d{1,2}\]))*$/;

/** `page.sorts[0].column` → `['page', 'sorts', 0, 'column']`; undefined for anything not in that form. */
function parseKey(key: string): Segment[] | undefined {
  if (!KEY_PATTERN.test(key)) return undefined;
  const segments: Segment[] = [];
  for (const [, name, index] of key.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (index !== undefined) {
      const position = Number(index);
      if (position > MAX_QUERY_INDEX) return undefined;
      segments.push(position);
    } else if (name !== undefined) {
      segments.push(name);
    }
  }
  return segments;
}

type Container = Record<string, unknown> | unknown[];

function isContainerFor(value: unknown, segment: Segment): value is Container {
  return typeof segment === 'number'
    ? Array.isArray(value)
    : typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assign(root: Record<string, unknown>, path: Segment[], value: string): boolean {
  let node: Container = root;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = path[i] as Segment;
    const next = path[i + 1] as Segment;
    const existing: unknown = (node as Record<Segment, unknown>)[segment];
    if (existing === undefined) {
      const created: Container = typeof next === 'number' ? [] : {};
      (node as Record<Segment, unknown>)[segment] = created;
      node = created;
    } else if (isContainerFor(existing, next)) {
      node = existing;
    } else {
      return false;
    }
  }
  const last = path[path.length - 1] as Segment;
  const current: unknown = (node as Record<Segment, unknown>)[last];
  if (typeof current === 'object' && current !== null) return false;
  (node as Record<Segment, unknown>)[last] = value;
  return true;
}

/**
 * Parses a query string into nested objects the way Spring binds request parameters: dots open objects and
 * `[n]` opens arrays, so `page.sorts[0].column=age` becomes `{page: {sorts: [{column: 'age'}]}}`. Keys that
 * are not of that form, or that clash with an earlier key's shape, stay flat under their literal name; the
 * route's schema then decides. Names with a `__proto__`, `constructor` or `prototype` part are dropped.
 */
export function parseNestedQuery(query: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  // Most requests have no query; URLSearchParams costs a parse even of nothing.
  if (query === '') return result;
  for (const [key, value] of new URLSearchParams(query)) {
    if (UNSAFE_KEY.test(key)) continue;
    const path = parseKey(key);
    if (path && assign(result, path, value)) continue;
    result[key] = value;
  }
  return result;
}
