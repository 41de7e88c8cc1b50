import type { Assertion } from '../assertions/assertion.js';
import type { EndpointKind } from '../kinds/endpoint-kind.js';
import type { Endpoint, EndpointAuth, EndpointBody, EndpointState, KeyValue, Project } from '../model.js';
import { listedLocation } from '../url/endpoint-url.js';
import { maskAssertions, maskAuth, maskBody, maskKeyValues, maskUrlUserinfo } from './mask-secrets.js';

/** A project as `GET /agent/projects` and `list_projects` show it. */
export interface ProjectListing {
  projectId: string;
  name: string;
  description: string;
  /** The project's `base_url` variable, null when it has none. */
  baseUrl: string | null;
  endpointCount: number;
  createdAt: string;
  updatedAt: string;
}

/** An endpoint as `GET /agent/endpoints/:projectId` and `list_endpoints` show it, secrets masked. */
export interface EndpointListing {
  endpointId: string;
  projectId: string;
  folderId: string | null;
  name: string;
  method: string;
  /** What it speaks besides HTTP (`websocket`, `mcp`); absent for an HTTP request. */
  kind?: EndpointKind;
  baseUrl: string | null;
  path: string;
  queryParams: KeyValue[];
  headers: KeyValue[];
  body: EndpointBody;
  auth: EndpointAuth;
  state: EndpointState;
  createdAt: string;
  /** The endpoint's assertion rows, values compared with secrets masked; absent when it has none. */
  tests?: Assertion[];
}

/** The answer to an import (`POST /agent/curl`, `save_curl`). */
export interface ImportResult {
  endpointId: string;
  projectId: string;
  folderId: string | null;
  name: string;
  method: string;
  baseUrl: string | null;
  path: string;
  queryParams: KeyValue[];
  state: EndpointState;
  /** Set when the project's base_url differs from the command's origin (it is never overwritten). */
  warning?: string;
  /** Options of the command that were ignored or could not be honoured, as the parser reported them. */
  curlWarnings?: string[];
}

export interface ImportNotes {
  warning?: string | undefined;
  curlWarnings?: readonly string[] | undefined;
}

export function toProjectListing(project: Project, baseUrl: string | null, endpointCount: number): ProjectListing {
  return {
    projectId: project.id,
    name: project.name,
    description: project.description,
    baseUrl: baseUrl === null ? null : maskUrlUserinfo(baseUrl),
    endpointCount,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}

/** The fields an endpoint listing and an import answer share, in the order both print them. */
function endpointSummary(endpoint: Endpoint, projectBaseUrl: string | null) {
  const { baseUrl, path } = listedLocation(endpoint.path, projectBaseUrl);
  return {
    endpointId: endpoint.id,
    projectId: endpoint.projectId,
    folderId: endpoint.folderId,
    name: endpoint.name,
    method: endpoint.method,
    ...(endpoint.kind === undefined ? {} : { kind: endpoint.kind }),
    baseUrl: baseUrl === null ? null : maskUrlUserinfo(baseUrl),
    path,
    queryParams: maskKeyValues(endpoint.queryParams),
  };
}

export function toEndpointListing(endpoint: Endpoint, baseUrl: string | null): EndpointListing {
  return {
    ...endpointSummary(endpoint, baseUrl),
    headers: maskKeyValues(endpoint.headers),
    body: maskBody(endpoint.body),
    auth: maskAuth(endpoint.auth),
    state: endpoint.state,
    createdAt: endpoint.createdAt,
    ...(endpoint.tests === undefined || endpoint.tests.length === 0 ? {} : { tests: maskAssertions(endpoint.tests) }),
  };
}

export function toImportResult(endpoint: Endpoint, baseUrl: string | null, notes: ImportNotes = {}): ImportResult {
  const { warning, curlWarnings } = notes;
  return {
    ...endpointSummary(endpoint, baseUrl),
    state: endpoint.state,
    ...(warning === undefined ? {} : { warning }),
    ...(curlWarnings === undefined || curlWarnings.length === 0 ? {} : { curlWarnings: [...curlWarnings] }),
  };
}
