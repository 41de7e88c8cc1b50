import {
  type Assertion,
  contractJson,
  type Endpoint,
  type EndpointAuth,
  type EndpointBody,
  type EndpointContract,
  type EndpointExample,
  type EndpointKind,
  type EndpointScripts,
  type EndpointState,
  type GraphqlBody,
  type McpSettings,
  type MultipartPart,
  type QueryParam,
  type RequestSettingsOverride,
  type WebSocketSettings,
} from '@client/core';

/*
 * How an endpoint is kept in its row (migration 12), the row being most of the database: pairs as JSON arrays
 * (`[key, value]`, `[key, value, 0]` when switched off, see `StoredPair`) instead of objects repeating "key" and "value"; the
 * body's mode in a column of its own beside its raw text (a JSON body is not escaped a second time); NULL for
 * the common empty values; times as integer milliseconds since 1970, `updated_at` NULL while it equals
 * `created_at`. The project is referenced by its integer `seq`; queries join `projects` for its UUID.
 */

/**
 * A pair as stored: a third item 0 says the pair is switched off (1: on), a fourth item 1 that a query param with
 * an empty value was written `name=`.
 */
type StoredPair =
  | [key: string, value: string]
  | [key: string, value: string, on: 0 | 1]
  | [key: string, value: string, on: 0 | 1, equals: 1];

function storedPair({ key, value, enabled, equals }: QueryParam): StoredPair {
  const on = enabled === false ? 0 : 1;
  if (equals === true) return [key, value, on, 1];
  return on === 0 ? [key, value, 0] : [key, value];
}

/** NULL for no pairs. */
function encodePairs(pairs: readonly QueryParam[]): string | null {
  if (pairs.length === 0) return null;
  return JSON.stringify(pairs.map(storedPair));
}

export function decodePairs(stored: string | null): QueryParam[] {
  if (stored === null) return [];
  return (JSON.parse(stored) as StoredPair[]).map(([key, value, on, equals]) => ({
    key,
    value,
    ...(on === 0 ? { enabled: false } : {}),
    ...(equals === 1 ? { equals: true } : {}),
  }));
}

interface StoredBody {
  mode: EndpointBody['mode'];
  body: string | null;
}

function encodeBody(body: EndpointBody): StoredBody {
  switch (body.mode) {
    case 'none':
      return { mode: 'none', body: null };
    case 'json':
    case 'text':
      return { mode: body.mode, body: body.text };
    case 'file':
      return { mode: 'file', body: body.path };
    case 'urlencoded':
      return { mode: 'urlencoded', body: encodePairs(body.fields) ?? '[]' };
    case 'multipart':
      return { mode: 'multipart', body: JSON.stringify(body.parts) };
    case 'graphql':
      return { mode: 'graphql', body: encodeGraphql(body) };
  }
}

/** A GraphQL body as one JSON array, `[query, variables]` with the operation name third when it has one. */
function encodeGraphql(body: GraphqlBody): string {
  const { query, variables, operationName } = body;
  return JSON.stringify(operationName === undefined ? [query, variables] : [query, variables, operationName]);
}

function decodeGraphql(body: string | null): GraphqlBody {
  const [query = '', variables = '', operationName] = body === null ? [] : (JSON.parse(body) as string[]);
  return { mode: 'graphql', query, variables, ...(operationName === undefined ? {} : { operationName }) };
}

export function decodeBody(mode: string, body: string | null): EndpointBody {
  switch (mode) {
    case 'json':
    case 'text':
      return { mode, text: body ?? '' };
    case 'file':
      return { mode: 'file', path: body ?? '' };
    case 'urlencoded':
      return { mode: 'urlencoded', fields: decodePairs(body) };
    case 'multipart':
      return { mode: 'multipart', parts: body === null ? [] : (JSON.parse(body) as MultipartPart[]) };
    case 'graphql':
      return decodeGraphql(body);
    default:
      return { mode: 'none' };
  }
}

/** NULL for `{ type: 'none' }`, what imported commands without credentials have. */
function encodeAuth(auth: EndpointAuth): string | null {
  return auth.type === 'none' ? null : JSON.stringify(auth);
}

export function decodeAuth(stored: string | null): EndpointAuth {
  return stored === null ? { type: 'none' } : (JSON.parse(stored) as EndpointAuth);
}

/** Milliseconds since 1970 of an ISO-8601 UTC time as `now()` writes it. */
const encodeTime = (time: string): number => Date.parse(time);
export const decodeTime = (stored: number): string => new Date(stored).toISOString();

/** The endpoint columns as `endpoints` stores them, read with the project's UUID joined in. */
export interface EndpointRow {
  id: string;
  project_id: string;
  folder_id: string | null;
  name: string;
  method: string;
  path: string;
  query_params: string | null;
  headers: string | null;
  body_mode: string;
  body: string | null;
  auth: string | null;
  state: string;
  settings: string | null;
  description: string;
  scripts: string | null;
  tests: string | null;
  examples: string | null;
  contract: string | null;
  kind: string | null;
  websocket: string | null;
  mcp: string | null;
  created_at: number;
  updated_at: number | null;
}

/** What `toEndpoint` reads: the stored columns of `e` (endpoints) and the UUID of `p` (its project). */
export const ENDPOINT_SELECT =
  'e.id, p.id AS project_id, e.folder_id, e.name, e.method, e.path, e.query_params, e.headers, e.body_mode, ' +
  'e.body, e.auth, e.state, e.settings, e.description, e.scripts, e.tests, e.examples, e.contract, e.kind, ' +
  'e.websocket, e.mcp, e.created_at, e.updated_at';
/** The endpoints with their project, for `ENDPOINT_SELECT`. */
export const ENDPOINTS_WITH_PROJECT = 'endpoints AS e JOIN projects AS p ON p.seq = e.project_seq';

export function toEndpoint(row: EndpointRow): Endpoint {
  const createdAt = decodeTime(row.created_at);
  return {
    id: row.id,
    projectId: row.project_id,
    folderId: row.folder_id,
    name: row.name,
    method: row.method,
    path: row.path,
    queryParams: decodePairs(row.query_params),
    headers: decodePairs(row.headers),
    body: decodeBody(row.body_mode, row.body),
    auth: decodeAuth(row.auth),
    state: row.state as EndpointState,
    ...(row.settings === null ? {} : { settings: JSON.parse(row.settings) as RequestSettingsOverride }),
    ...(row.description === '' ? {} : { description: row.description }),
    ...(row.scripts === null ? {} : { scripts: JSON.parse(row.scripts) as EndpointScripts }),
    ...(row.tests === null ? {} : { tests: JSON.parse(row.tests) as Assertion[] }),
    ...(row.examples === null ? {} : { examples: JSON.parse(row.examples) as EndpointExample[] }),
    ...(row.contract === null ? {} : { contract: JSON.parse(row.contract) as EndpointContract }),
    ...(row.kind === null ? {} : { kind: row.kind as EndpointKind }),
    ...(row.websocket === null ? {} : { websocket: JSON.parse(row.websocket) as WebSocketSettings }),
    ...(row.mcp === null ? {} : { mcp: JSON.parse(row.mcp) as McpSettings }),
    createdAt,
    updatedAt: row.updated_at === null ? createdAt : decodeTime(row.updated_at),
  };
}

/**
 * The named parameters of an INSERT or UPDATE of the endpoint, its project by UUID (`@projectId`, looked up
 * as `(SELECT seq FROM projects WHERE id = @projectId)`). Empty settings, scripts, tests and examples are stored as NULL.
 */
export function toEndpointParameters(endpoint: Endpoint): Record<string, string | number | null> {
  const { mode, body } = encodeBody(endpoint.body);
  const createdAt = encodeTime(endpoint.createdAt);
  const updatedAt = encodeTime(endpoint.updatedAt);
  const settings = endpoint.settings;
  return {
    id: endpoint.id,
    projectId: endpoint.projectId,
    folderId: endpoint.folderId,
    name: endpoint.name,
    method: endpoint.method,
    path: endpoint.path,
    queryParams: encodePairs(endpoint.queryParams),
    headers: encodePairs(endpoint.headers),
    bodyMode: mode,
    body,
    auth: encodeAuth(endpoint.auth),
    state: endpoint.state,
    settings: settings === undefined || Object.keys(settings).length === 0 ? null : JSON.stringify(settings),
    description: endpoint.description ?? '',
    scripts: endpoint.scripts === undefined ? null : JSON.stringify(endpoint.scripts),
    tests: endpoint.tests === undefined || endpoint.tests.length === 0 ? null : JSON.stringify(endpoint.tests),
    examples:
      endpoint.examples === undefined || endpoint.examples.length === 0 ? null : JSON.stringify(endpoint.examples),
    contract: endpoint.contract === undefined ? null : contractJson(endpoint.contract),
    kind: endpoint.kind ?? null,
    websocket: endpoint.websocket === undefined ? null : JSON.stringify(endpoint.websocket),
    mcp: endpoint.mcp === undefined ? null : JSON.stringify(endpoint.mcp),
    createdAt,
    updatedAt: updatedAt === createdAt ? null : updatedAt,
  };
}
