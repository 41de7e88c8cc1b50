import type { EndpointDraft, EndpointState, Flavor, Folder, KeyValue, Project } from '@client/core';
import type { VariableView } from '../lib/variables.js';

/** The JSON the app's UI server answers with; one interface per resource, camelCase like the control plane. */

export interface ProjectDetail {
  project: Project;
  variables: KeyValue[];
}

export interface EndpointSummary {
  id: string;
  folderId: string | null;
  name: string;
  method: string;
  path: string;
  state: EndpointState;
  updatedAt: string;
}

export interface ProjectTree {
  folders: Folder[];
  endpoints: EndpointSummary[];
}

export interface EnvironmentView {
  id: string;
  name: string;
  /** Secret values arrive as an empty string: the page only learns them through an explicit reveal. */
  variables: VariableView[];
}

export interface SecretStorage {
  keySource: 'keychain' | 'file';
  description: string;
  /** Something to act on (a key file others could read, a lost key), or null. */
  warning: string | null;
}

export interface EnvironmentsView {
  environments: EnvironmentView[];
  activeEnvironmentId: string | null;
  secretStorage: SecretStorage;
}

/** A secret variable sent without `value` keeps the value it has. */
export interface EnvironmentVariableInput {
  key: string;
  value?: string;
  secret: boolean;
}

export interface SendInput {
  requestId: string;
  projectId: string;
  endpointId: string | null;
  environmentId: string | null;
  request: EndpointDraft;
}

/** A response, whatever its status: the request reached a server. */
export interface SendResult {
  historyId: string;
  /** The URL as sent, secrets masked. */
  url: string;
  status: number;
  statusText: string;
  durationMs: number;
  size: number;
  headers: KeyValue[];
  contentType: string | null;
  /** Null for a binary body, which is not shown. */
  body: string | null;
  truncated: boolean;
  warnings: string[];
}

/** What `POST /api/send` answers: a failure to reach the server is an outcome, not an API error. */
export type SendOutcome =
  | ({ outcome: 'response' } & SendResult)
  | { outcome: 'failed'; historyId: string; message: string }
  | { outcome: 'cancelled' };

export interface HistoryItem {
  id: string;
  endpointId: string | null;
  method: string;
  url: string;
  status: number | null;
  error: string | null;
  durationMs: number;
  responseSize: number;
  sentAt: string;
}

export interface HistoryDetail extends HistoryItem {
  requestHeaders: KeyValue[];
  requestBody: string | null;
  responseHeaders: KeyValue[];
  /** Null for a binary body. */
  responseBody: string | null;
  /** Whether only the first part of the body was kept. */
  responseTruncated: boolean;
}

export interface AgentStatus {
  running: boolean;
  address: string | null;
  port: number | null;
  reason: string | null;
  tokenPath: string;
  dataDir: string;
  flavor: Flavor;
  version: string;
  /** The ready `{"mcpServers": …}` snippet for an MCP client. */
  mcpConfig: string;
  /** A direct-HTTP import the user can paste into a terminal; reads the token from its file. */
  curlExample: string;
}

export type AppEvent =
  | { type: 'endpoint-imported'; projectId: string; endpointId: string; name: string; source: 'agent' | 'ui' }
  | { type: 'projects-changed' };
