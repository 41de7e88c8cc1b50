import type { EndpointState, EnvironmentView, Flavor, Folder, KeyValue, Project } from '@client/core';

/**
 * The JSON the app's UI server answers with; one interface per resource, camelCase like the control plane.
 * What the app's code writes too (sending, history, environments) is defined once, in `@client/core`.
 */
export type {
  EnvironmentVariableInput,
  EnvironmentView,
  HistoryDetail,
  HistoryItem,
  SendInput,
  SendOutcome,
  SendResult,
} from '@client/core';

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
