import type { EndpointState, EnvironmentView, Folder, KeyValue, Project, RequestSettingsOverride } from '@client/core';
import type { EditorDraft } from '../lib/draft.js';

/**
 * The JSON the app's UI server answers with; one interface per resource, camelCase like the control plane.
 * What the app's code writes too (sending, history, environments, the agent status) is defined once, in
 * `@client/core`.
 */
export type {
  AgentStatus,
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
  /** How the project's requests are sent unless an endpoint says otherwise. */
  requestSettings: RequestSettingsOverride;
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

interface SecretStorage {
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

export type AppEvent =
  | { type: 'endpoint-imported'; projectId: string; endpointId: string; name: string; source: 'agent' | 'ui' }
  | { type: 'projects-changed' };

/** The tabs a project had open, for the next window: each endpoint (or unsaved request) and its edits, if any. */
export interface OpenTabsState {
  activeId: string | null;
  tabs: { endpointId: string; draft: EditorDraft | null }[];
}

/** The app's own settings. */
export interface Preferences {
  /** `system` follows the OS's light or dark setting. */
  theme: 'system' | 'light' | 'dark';
}
