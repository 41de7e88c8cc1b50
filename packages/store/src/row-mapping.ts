import {
  type Environment,
  type EnvironmentVariable,
  type Folder,
  type HistoryEntry,
  type KeyValue,
  keptEnabled,
  type Project,
  type ProjectVariable,
} from '@client/core';

/*
 * Rows as SQLite returns them (snake_case, JSON as text, booleans as 0/1) and their mapping to the model.
 * Each `*_COLUMNS` list is what the matching `to*` function reads.
 */

export const PROJECT_COLUMNS = 'id, name, description, created_at, updated_at';
export interface ProjectRow {
  id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}
export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const PROJECT_VARIABLE_COLUMNS = 'project_id, key, value, enabled';
export interface ProjectVariableRow {
  project_id: string;
  key: string;
  value: string;
  enabled: number;
}
export function toProjectVariable(row: ProjectVariableRow): ProjectVariable {
  return { projectId: row.project_id, key: row.key, value: row.value, ...keptEnabled(row.enabled === 1) };
}

export const FOLDER_COLUMNS = 'id, project_id, parent_id, name, description, created_at, updated_at';
export interface FolderRow {
  id: string;
  project_id: string;
  parent_id: string | null;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
}
export function toFolder(row: FolderRow): Folder {
  return {
    id: row.id,
    projectId: row.project_id,
    parentId: row.parent_id,
    name: row.name,
    ...(row.description === '' ? {} : { description: row.description }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const ENVIRONMENT_COLUMNS = 'id, project_id, name, created_at, updated_at';
export interface EnvironmentRow {
  id: string;
  project_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}
export function toEnvironment(row: EnvironmentRow): Environment {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const ENVIRONMENT_VARIABLE_COLUMNS = 'environment_id, key, value, secret, enabled, allowed_hosts';
export interface EnvironmentVariableRow {
  environment_id: string;
  key: string;
  value: string;
  secret: number;
  enabled: number;
  allowed_hosts: string | null;
}
export function toEnvironmentVariable(row: EnvironmentVariableRow): EnvironmentVariable {
  return {
    environmentId: row.environment_id,
    key: row.key,
    value: row.value,
    secret: row.secret === 1,
    ...keptEnabled(row.enabled === 1),
    ...(row.secret === 1 ? { allowedHosts: JSON.parse(row.allowed_hosts ?? '[]') as string[] } : {}),
  };
}

export const HISTORY_COLUMNS =
  'id, project_id, endpoint_id, method, url, request_headers, request_body, status, error, duration_ms, ' +
  'response_size, response_headers, response_body, response_cut, sent_by, sent_at';
export interface HistoryRow {
  id: string;
  project_id: string | null;
  endpoint_id: string | null;
  method: string;
  url: string;
  request_headers: string;
  request_body: string | null;
  status: number | null;
  error: string | null;
  duration_ms: number;
  response_size: number;
  response_headers: string;
  response_body: string | null;
  response_cut: number | null;
  sent_by: string | null;
  sent_at: string;
}
export function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    projectId: row.project_id,
    endpointId: row.endpoint_id,
    method: row.method,
    url: row.url,
    requestHeaders: JSON.parse(row.request_headers) as KeyValue[],
    requestBody: row.request_body,
    status: row.status,
    error: row.error,
    durationMs: row.duration_ms,
    responseSize: row.response_size,
    responseHeaders: JSON.parse(row.response_headers) as KeyValue[],
    responseBody: row.response_body,
    ...(row.response_cut === null ? {} : { responseCut: row.response_cut === 1 }),
    ...(row.sent_by === 'agent' || row.sent_by === 'person' ? { sentBy: row.sent_by } : {}),
    sentAt: row.sent_at,
  };
}
