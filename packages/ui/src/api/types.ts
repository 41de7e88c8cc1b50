import type {
  AgentPrompt,
  CollectionFormat,
  EndpointKind,
  EndpointState,
  EnvironmentView,
  Folder,
  ImportPreview,
  KeyValue,
  LoadProgress,
  LoadResult,
  MockInfo,
  MockLogEntry,
  Project,
  RequestSettingsOverride,
  RunEvent,
  RunOptions,
  SkippedItem,
  WebSocketSessionUpdate,
} from '@client/core';
import type { EditorDraft } from '../lib/draft.js';

/**
 * The JSON the app's UI server answers with; one interface per resource, camelCase like the control plane.
 * What the app's code writes too (sending, history, environments, the agent status) is defined once, in
 * `@client/core`.
 */
export type {
  AgentPermission,
  AgentPrompt,
  AgentRunPrompt,
  AgentSendPrompt,
  AgentSetupView,
  AgentStatus,
  ConsentDecision,
  EnvironmentVariableInput,
  EnvironmentView,
  HistoryDetail,
  HistoryItem,
  SendInput,
  SendOutcome,
  SendResult,
  SignInInput,
  StartedSignIn,
  TokenStatus,
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
  /** Absent for an HTTP request. */
  kind?: EndpointKind;
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

/** A file of a linked folder that could not be read: listed, and left as it is. */
export interface FolderProblem {
  file: string;
  line?: number;
  message: string;
}

type GitView =
  | { repository: false; reason: string }
  | {
      repository: true;
      branch: string;
      detached: boolean;
      changed: { file: string; change: 'modified' | 'added' | 'deleted' | 'renamed' | 'untracked' }[];
    };

/** A project's link to a folder, as the status line, sidebar and problem list show it. */
export type LinkView =
  | { linked: false }
  | { linked: true; folder: string; git: GitView | null; changedEndpointIds: string[]; problems: FolderProblem[] };

export type AppEvent =
  | { type: 'endpoint-imported'; projectId: string; endpointId: string; name: string; source: 'agent' | 'ui' }
  | { type: 'projects-changed' }
  /** Files of a linked folder were read into the project: these endpoints changed or went. */
  | {
      type: 'linked-files-changed';
      projectId: string;
      changedEndpoints: { endpointId: string; draft: Pick<EndpointSummary, 'name' | 'method' | 'path' | 'state'> }[];
      deletedEndpoints: string[];
    }
  /** A linked project's branch, changed files or problems moved. */
  | { type: 'link-status-changed'; projectId: string }
  /** An agent asks to send or to run tests; the fields are an `AgentPrompt`. */
  | ({ type: 'agent-send-requested' } & AgentPrompt)
  | { type: 'agent-send-settled'; id: string; decision: string }
  | { type: 'agent-permissions-changed' }
  | { type: 'history-added'; projectId: string; historyId: string; sentBy: 'person' | 'agent' }
  /** A run's progress; the event's own `type` says which step it is. */
  | { type: 'run-event'; event: RunEvent }
  | { type: 'load-progress'; loadId: string; progress: LoadProgress }
  | { type: 'load-finished'; loadId: string; result?: LoadResult; error?: { code: string; message: string } }
  | { type: 'mock-started'; mock: MockInfo }
  | { type: 'mock-stopped'; mock: MockInfo }
  /** Requests the mocks answered since the last such event, oldest first. */
  | { type: 'mock-requests'; entries: MockLogEntry[] }
  /** An MCP session ended without the window asking: its server exited or hung up. */
  | { type: 'mcp-session-ended'; sessionId: string }

  /** Messages and the state of a WebSocket connection the app holds. */
  | ({ type: 'websocket' } & WebSocketSessionUpdate);

/** A run as the window starts it: the options (defaults filled in by the app) and a data file's text. */
export type RunRequest = Partial<Omit<RunOptions, 'projectId' | 'data'>> & {
  projectId: string;
  /** CSV or JSON, read by the app, which names the line of a mistake. */
  dataFile?: { name: string; text: string };
};

export type ReportFormat = 'json' | 'junit';

/** A load test as the window starts it. */
export interface LoadRequest {
  projectId: string;
  folderId?: string;
  environmentId?: string;
  order?: string[];
  connections: number;
  durationMs: number;
}

export interface StartedLoad {
  loadId: string;
}

/** The tabs a project had open, for the next window: each endpoint (or unsaved request) and its edits, if any. */
export interface OpenTabsState {
  activeId: string | null;
  tabs: { endpointId: string; draft: EditorDraft | null }[];
}

/** How the window is divided, kept by the app so that a reload or a restart finds it as it was left. */
export interface Layout {
  /** The sidebar's width in CSS pixels while it is shown (180–640). */
  sidebarWidth: number;
  sidebarCollapsed: boolean;
  /** `horizontal`: the response beside the request; `vertical`: below it; `auto`: beside in a wide window. */
  split: 'auto' | 'horizontal' | 'vertical';
  /** The percentage of the editor the request takes (20–80); the response has the rest. */
  requestShare: number;
}

/** The app's own settings. */
export interface Preferences {
  /** `system` follows the OS's light or dark setting. */
  theme: 'system' | 'light' | 'dark';
  layout: Layout;
}

/** Where a collection to import comes from: text (pasted or a picked file's), a picked Bruno folder, or an address. */
export type ImportSource =
  | { kind: 'text'; text: string }
  | { kind: 'files'; files: { path: string; text: string }[] }
  | { kind: 'url'; url: string };

export type MergeMode = 'update' | 'skip' | 'duplicate';

export interface ImportRequestBody {
  source: ImportSource;
  format?: CollectionFormat | 'auto';
  projectId?: string;
  onMatch?: MergeMode;
}

/** What an import did (or, in a preview, would do) to the database. */
export interface ImportOutcome {
  projectId: string | null;
  projectName: string;
  createdProject: boolean;
  created: { folders: number; endpoints: number; environments: number };
  updated: { endpoints: number; variables: number };
  skipped: SkippedItem[];
  warnings: string[];
}

export interface ImportPreviewAnswer {
  preview: ImportPreview;
  outcome: ImportOutcome;
}

/** What a restore wrote: each project of the backup as a new project. */
export interface RestoreOutcome {
  projects: { projectId: string; name: string; endpoints: number }[];
  warnings: string[];
  secretsInFile: boolean;
}

/** A file to save: an export or a backup. */
export interface DownloadFile {
  fileName: string;
  text: string;
}
