import { AppError } from '../errors.js';

/** An environment as `list_environments` shows it: variable names only, never values. */
export interface EnvironmentListing {
  environmentId: string;
  projectId: string;
  name: string;
  active: boolean;
  variables: { name: string; secret: boolean }[];
}

/** A folder as `list_folders` shows it. */
export interface FolderListing {
  folderId: string;
  projectId: string;
  parentId: string | null;
  name: string;
}

/** Which endpoints `GET /agent/endpoints/:projectId` lists, and from where. */
export interface EndpointFilter {
  folderId: string | null;
  /** Name or path contains this, ignoring case; null: every endpoint. */
  query: string | null;
  /** At most this many; null: all of them. */
  limit: number | null;
  /** How many of the selected endpoints to pass over (a previous page's `nextCursor`); 0: the start. */
  cursor: number;
}

const MAX_ENDPOINT_LIMIT = 10_000;
const MAX_QUERY_LENGTH = 200;

function optionalText(value: unknown, label: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new AppError('VALIDATION', `${label} must be a string`);
  return value;
}

function wholeNumber(value: unknown, label: string, min: number, max: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new AppError('VALIDATION', `${label} must be a whole number from ${min} to ${max}`);
  }
  return number;
}

/** Whether the filter keeps every endpoint in its place, so the full listing can be answered as it is. */
export function isWholeListing(filter: EndpointFilter): boolean {
  return filter.folderId === null && filter.query === null && filter.limit === null && filter.cursor === 0;
}

/** The endpoints `filter` selects, in listing order. */
export function filterEndpoints<T extends { folderId: string | null; name: string; path: string }>(
  endpoints: readonly T[],
  filter: EndpointFilter,
): T[] {
  const needle = filter.query?.toLowerCase() ?? null;
  const kept = endpoints.filter(
    (endpoint) =>
      (filter.folderId === null || endpoint.folderId === filter.folderId) &&
      (needle === null || endpoint.name.toLowerCase().includes(needle) || endpoint.path.toLowerCase().includes(needle)),
  );
  return kept.slice(filter.cursor, filter.limit === null ? undefined : filter.cursor + filter.limit);
}

/** Reads the filter from a query string or tool arguments; absent, empty or null values mean no filter. */
export function readEndpointFilter(value: Record<string, unknown>): EndpointFilter {
  const query = optionalText(value.query, 'query');
  if (query !== null && query.length > MAX_QUERY_LENGTH) {
    throw new AppError('VALIDATION', `query may be at most ${MAX_QUERY_LENGTH} characters`);
  }
  return {
    folderId: optionalText(value.folderId, 'folderId'),
    query,
    limit: wholeNumber(value.limit, 'limit', 1, MAX_ENDPOINT_LIMIT),
    cursor: wholeNumber(value.cursor, 'cursor', 0, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}
