import type {
  AuthSource,
  CookieView,
  Endpoint,
  EndpointAuth,
  EndpointExample,
  EndpointScripts,
  Folder,
  GraphqlSchemaAnswer,
  GraphqlSchemaRequest,
  ImportResult,
  KeyValue,
  MockInfo,
  MockLogEntry,
  PickedFile,
  Project,
  ProjectListing,
  RequestSettingsOverride,
  RunSummary,
  ScriptVariableChange,
  StoredRun,
  WebSocketConnectInput,
  WebSocketFrame,
  WebSocketOutgoing,
  WebSocketSessionView,
} from '@client/core';
import type { EditorDraft } from '../lib/draft.js';
import type { MockStartRequest } from '../lib/mock-start.js';
import { readTreeAnswer, type TreeAnswer } from './tree-answer.js';
import type {
  AgentPermission,
  AgentPrompt,
  AgentStatus,
  ConsentDecision,
  DownloadFile,
  EnvironmentsView,
  EnvironmentVariableInput,
  EnvironmentView,
  HistoryDetail,
  HistoryItem,
  ImportOutcome,
  ImportPreviewAnswer,
  ImportRequestBody,
  Layout,
  LinkView,
  LoadRequest,
  OpenTabsState,
  Preferences,
  ProjectDetail,
  ProjectTree,
  ReportFormat,
  RestoreOutcome,
  RunRequest,
  SendInput,
  SendOutcome,
  SignInInput,
  StartedLoad,
  StartedSignIn,
  TokenStatus,
} from './types.js';
import { WINDOW_HEADER, windowToken } from './window-token.js';

/** A failed API call: the app's `{code, message}`, or a network failure reported the same way. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A body goes as JSON, except a file's bytes, which go as they are. */
function requestBody(body: unknown): { type: Record<string, string>; body: BodyInit | null } {
  if (body === undefined) return { type: {}, body: null };
  if (body instanceof Blob) return { type: { 'Content-Type': 'application/octet-stream' }, body };
  return { type: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

async function request(method: string, path: string, body?: unknown, keepalive = false): Promise<Response> {
  let response: Response;
  const sent = requestBody(body);
  try {
    response = await fetch(path, {
      method,
      keepalive,
      credentials: 'same-origin',
      headers: { [WINDOW_HEADER]: windowToken(), ...sent.type },
      body: sent.body,
    });
  } catch {
    throw new ApiError('UNREACHABLE', 'The app is not answering. Is Client still running?', 0);
  }
  if (!response.ok) {
    const text = await response.text();
    const error = (text === '' ? {} : JSON.parse(text)) as { code?: string; message?: string };
    throw new ApiError(error.code ?? 'INTERNAL', error.message ?? response.statusText, response.status);
  }
  return response;
}

/** One call of the app's JSON API; a failure is an `ApiError`. */
export async function call<T>(method: string, path: string, body?: unknown, keepalive = false): Promise<T> {
  const response = await request(method, path, body, keepalive);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? null : JSON.parse(text)) as T;
}

const id = encodeURIComponent;

/** The file name a download's Content-Disposition gives, or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded !== undefined) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** Every call the UI makes to the app. */
export const api = {
  listProjects: () => call<ProjectListing[]>('GET', '/api/projects'),
  createProject: (input: { name: string; description?: string; baseUrl?: string }) =>
    call<Project>('POST', '/api/projects', input),
  createSampleProject: () => call<Project>('POST', '/api/projects/sample'),
  getProject: (projectId: string) => call<ProjectDetail>('GET', `/api/projects/${id(projectId)}`),
  updateProject: (projectId: string, input: { name?: string; description?: string }) =>
    call<Project>('PATCH', `/api/projects/${id(projectId)}`, input),
  deleteProject: (projectId: string) => call<void>('DELETE', `/api/projects/${id(projectId)}`),
  linkStatus: (projectId: string) => call<LinkView>('GET', `/api/projects/${id(projectId)}/link`),
  linkFolder: (projectId: string, folder: string) =>
    call<{ projectId: string; folder: string }>('POST', `/api/projects/${id(projectId)}/link`, { folder }),
  unlinkFolder: (projectId: string) =>
    call<{ projectId: string; folder: string }>('DELETE', `/api/projects/${id(projectId)}/link`),
  openFolder: (folder: string) =>
    call<{ projectId: string; folder: string }>('POST', '/api/linked-folders/open', { folder }),
  setProjectVariables: (projectId: string, variables: KeyValue[]) =>
    call<KeyValue[]>('PUT', `/api/projects/${id(projectId)}/variables`, { variables }),

  getTree: async (projectId: string): Promise<ProjectTree> =>
    readTreeAnswer(await call<TreeAnswer>('GET', `/api/projects/${id(projectId)}/tree`)),
  createFolder: (projectId: string, input: { name: string; parentId: string | null }) =>
    call<Folder>('POST', `/api/projects/${id(projectId)}/folders`, input),
  updateFolder: (folderId: string, input: { name?: string; parentId?: string | null }) =>
    call<Folder>('PATCH', `/api/folders/${id(folderId)}`, input),
  deleteFolder: (folderId: string) => call<void>('DELETE', `/api/folders/${id(folderId)}`),
  /** A copy beside it, as "<name> copy", with every folder and endpoint in it. */
  duplicateFolder: (folderId: string) => call<Folder>('POST', `/api/folders/${id(folderId)}/duplicate`),

  /** A response's body exactly as it arrived (large and binary bodies are not inside the send's answer). */
  responseBody: async (bodyId: string) => (await request('GET', `/api/responses/${id(bodyId)}`)).blob(),

  getEndpoint: (endpointId: string) => call<Endpoint>('GET', `/api/endpoints/${id(endpointId)}`),
  createEndpoint: (projectId: string, draft: EditorDraft) =>
    call<Endpoint>('POST', `/api/projects/${id(projectId)}/endpoints`, draft),
  // A draft without a description, assertion rows, examples or scripts clears the saved ones: the editor leaves a
  // field out when it is empty.
  saveEndpoint: (endpointId: string, draft: EditorDraft) =>
    call<Endpoint>('PUT', `/api/endpoints/${id(endpointId)}`, {
      ...draft,
      description: draft.description ?? '',
      tests: draft.tests ?? [],
      examples: draft.examples ?? [],
      scripts: draft.scripts ?? null,
    }),
  /** Adds a response kept as an example to the endpoint's stored examples; answers with the endpoint. */
  addExample: (endpointId: string, example: EndpointExample) =>
    call<Endpoint>('POST', `/api/endpoints/${id(endpointId)}/examples`, { example }),
  updateEndpoint: (endpointId: string, input: { name?: string; folderId?: string | null }) =>
    call<Endpoint>('PATCH', `/api/endpoints/${id(endpointId)}`, input),
  deleteEndpoint: (endpointId: string) => call<void>('DELETE', `/api/endpoints/${id(endpointId)}`),
  /** A copy beside it, as "<name> copy", with everything it holds. */
  duplicateEndpoint: (endpointId: string) => call<Endpoint>('POST', `/api/endpoints/${id(endpointId)}/duplicate`),
  importCurl: (projectId: string, input: { command: string; name?: string; folderId?: string }) =>
    call<ImportResult>('POST', `/api/projects/${id(projectId)}/import-curl`, input),

  previewImport: (body: ImportRequestBody) => call<ImportPreviewAnswer>('POST', '/api/imports/preview', body),
  importCollection: (body: ImportRequestBody) => call<ImportOutcome>('POST', '/api/imports', body),
  exportProject: (projectId: string, format: 'openapi' | 'postman', folderId?: string) =>
    call<DownloadFile & { warnings: string[] }>(
      'GET',
      `/api/projects/${id(projectId)}/export?${new URLSearchParams({ format, ...(folderId === undefined ? {} : { folderId }) })}`,
    ),
  restore: (text: string, passphrase?: string) =>
    call<RestoreOutcome>('POST', '/api/restore', passphrase === undefined ? { text } : { text, passphrase }),
  backup: (passphrase?: string) =>
    call<DownloadFile & { projects: number; endpoints: number; history: number; secrets: string }>(
      'POST',
      '/api/backup',
      passphrase === undefined ? {} : { passphrase },
    ),

  getEnvironments: (projectId: string) => call<EnvironmentsView>('GET', `/api/projects/${id(projectId)}/environments`),
  createEnvironment: (projectId: string, name: string) =>
    call<EnvironmentView>('POST', `/api/projects/${id(projectId)}/environments`, { name }),
  renameEnvironment: (environmentId: string, name: string) =>
    call<EnvironmentView>('PATCH', `/api/environments/${id(environmentId)}`, { name }),
  deleteEnvironment: (environmentId: string) => call<void>('DELETE', `/api/environments/${id(environmentId)}`),
  setEnvironmentVariables: (environmentId: string, variables: EnvironmentVariableInput[]) =>
    call<EnvironmentView>('PUT', `/api/environments/${id(environmentId)}/variables`, { variables }),
  revealSecret: (environmentId: string, key: string) =>
    call<{ value: string }>('POST', `/api/environments/${id(environmentId)}/reveal`, { key }),
  setActiveEnvironment: (projectId: string, environmentId: string | null) =>
    call<void>('PUT', `/api/projects/${id(projectId)}/active-environment`, { environmentId }),

  setRequestSettings: (projectId: string, settings: RequestSettingsOverride) =>
    call<RequestSettingsOverride>('PUT', `/api/projects/${id(projectId)}/request-settings`, settings),

  getProjectAuth: (projectId: string) => call<EndpointAuth>('GET', `/api/projects/${id(projectId)}/auth`),
  setProjectAuth: (projectId: string, auth: EndpointAuth) =>
    call<EndpointAuth>('PUT', `/api/projects/${id(projectId)}/auth`, auth),
  getFolderAuth: (folderId: string) => call<EndpointAuth>('GET', `/api/folders/${id(folderId)}/auth`),
  setFolderAuth: (folderId: string, auth: EndpointAuth) =>
    call<EndpointAuth>('PUT', `/api/folders/${id(folderId)}/auth`, auth),
  /** What a request in `folderId` (null: the root) inherits, and who sets it. */
  inheritedAuth: (projectId: string, folderId: string | null) =>
    call<{ auth: EndpointAuth; from: AuthSource }>(
      'GET',
      `/api/projects/${id(projectId)}/inherited-auth${folderId === null ? '' : `?${new URLSearchParams({ folderId })}`}`,
    ),
  startSignIn: (input: SignInInput) => call<StartedSignIn>('POST', '/api/oauth2/sign-ins', input),
  /** Answers once the person finished (or gave up) signing in in the browser. */
  finishSignIn: (flowId: string) => call<TokenStatus>('GET', `/api/oauth2/sign-ins/${id(flowId)}`),
  tokenStatus: (input: SignInInput) => call<TokenStatus>('POST', '/api/oauth2/token-status', input),
  forgetToken: (input: SignInInput) => call<TokenStatus>('POST', '/api/oauth2/forget', input),

  listCookies: (projectId: string) => call<CookieView[]>('GET', `/api/projects/${id(projectId)}/cookies`),
  putCookie: (projectId: string, cookie: CookieView) =>
    call<CookieView[]>('PUT', `/api/projects/${id(projectId)}/cookies`, cookie),
  deleteCookie: (projectId: string, cookie: Pick<CookieView, 'domain' | 'path' | 'name'>) =>
    call<CookieView[]>(
      'DELETE',
      `/api/projects/${id(projectId)}/cookies?${new URLSearchParams({ domain: cookie.domain, path: cookie.path, name: cookie.name })}`,
    ),
  clearCookies: (projectId: string) => call<CookieView[]>('DELETE', `/api/projects/${id(projectId)}/cookies`),

  getOpenTabs: (projectId: string) => call<OpenTabsState>('GET', `/api/projects/${id(projectId)}/open-tabs`),
  /** `keepalive`: sent even as the page goes away (a reload, the window closing). */
  setOpenTabs: (projectId: string, state: OpenTabsState, keepalive = false) =>
    call<void>('PUT', `/api/projects/${id(projectId)}/open-tabs`, state, keepalive),

  getPreferences: () => call<Preferences>('GET', '/api/preferences'),
  /** Sent even as the page goes away (a reload, the window closing), so a choice made just before is kept. */
  setPreferences: (preferences: { theme?: Preferences['theme']; layout?: Partial<Layout> }) =>
    call<Preferences>('PUT', '/api/preferences', preferences, true),

  send: (input: SendInput) => call<SendOutcome>('POST', '/api/send', input),
  /** A GraphQL endpoint's schema by introspection: the app's cached copy unless `refresh`. */
  graphqlSchema: (input: GraphqlSchemaRequest) => call<GraphqlSchemaAnswer>('POST', '/api/graphql/schema', input),
  connectWebSocket: (input: WebSocketConnectInput) =>
    call<WebSocketSessionView>('POST', '/api/websocket/connect', input),
  sendWebSocket: (sessionId: string, messages: WebSocketOutgoing[]) =>
    call<{ messages: WebSocketFrame[] }>('POST', `/api/websocket/${id(sessionId)}/send`, { messages }),
  readWebSocket: (sessionId: string, after: number) =>
    call<WebSocketSessionView>('GET', `/api/websocket/${id(sessionId)}?after=${after}`),
  closeWebSocket: (sessionId: string) => call<WebSocketSessionView>('POST', `/api/websocket/${id(sessionId)}/close`),
  /** Hands a picked file to the app, which keeps a copy to send: the page cannot learn the file's own path. */
  keepPickedFile: (file: File) => call<PickedFile>('POST', `/api/picked-files?name=${id(file.name)}`, file),
  cancelSend: (requestId: string) => call<void>('POST', `/api/send/${id(requestId)}/cancel`),
  listHistory: (projectId: string) => call<HistoryItem[]>('GET', `/api/projects/${id(projectId)}/history`),
  getHistoryEntry: (historyId: string) => call<HistoryDetail>('GET', `/api/history/${id(historyId)}`),
  clearHistory: (projectId: string) => call<void>('DELETE', `/api/projects/${id(projectId)}/history`),

  /**
   * Keeps variables a Send's scripts set, as the scripts left them (the app holds the values): environment ones in
   * the environment the Send used, collection ones in the project's variables.
   */
  keepVariables: (checksId: string, keep: Pick<ScriptVariableChange, 'layer' | 'name'>[]) =>
    call<void>('POST', '/api/send/variables', { checksId, keep }),

  getProjectScripts: (projectId: string) =>
    call<EndpointScripts | null>('GET', `/api/projects/${id(projectId)}/scripts`),
  setProjectScripts: (projectId: string, scripts: EndpointScripts | null) =>
    call<EndpointScripts | null>('PUT', `/api/projects/${id(projectId)}/scripts`, scripts),
  getFolderScripts: (folderId: string) => call<EndpointScripts | null>('GET', `/api/folders/${id(folderId)}/scripts`),
  setFolderScripts: (folderId: string, scripts: EndpointScripts | null) =>
    call<EndpointScripts | null>('PUT', `/api/folders/${id(folderId)}/scripts`, scripts),

  startRun: (input: RunRequest) => call<RunSummary>('POST', '/api/runs', input),
  listRuns: (projectId: string) => call<RunSummary[]>('GET', `/api/projects/${id(projectId)}/runs`),
  getRun: (runId: string) => call<StoredRun>('GET', `/api/runs/${id(runId)}`),
  cancelRun: (runId: string) => call<void>('POST', `/api/runs/${id(runId)}/cancel`),
  deleteRun: (runId: string) => call<void>('DELETE', `/api/runs/${id(runId)}`),
  /** A kept run as a newman JSON report or JUnit XML, named as the app names the file. */
  runReport: async (runId: string, format: ReportFormat) => {
    const response = await request('GET', `/api/runs/${id(runId)}/report?${new URLSearchParams({ format })}`);
    return { fileName: fileNameOf(response, `run.${format === 'json' ? 'json' : 'xml'}`), blob: await response.blob() };
  },
  startLoad: (input: LoadRequest) => call<StartedLoad>('POST', '/api/loads', input),
  cancelLoad: (loadId: string) => call<void>('POST', `/api/loads/${id(loadId)}/cancel`),

  listMocks: () => call<MockInfo[]>('GET', '/api/mocks'),
  startMock: (input: MockStartRequest) => call<MockInfo>('POST', '/api/mocks', input),
  stopMock: (mockId: string) => call<MockInfo>('DELETE', `/api/mocks/${id(mockId)}`),
  /** The mock's newest answered requests, oldest first. */
  mockLog: (mockId: string) => call<MockLogEntry[]>('GET', `/api/mocks/${id(mockId)}/log`),

  agentStatus: () => call<AgentStatus>('GET', '/api/agent'),
  installAgentConfig: (target: string) =>
    call<{ path: string; created: boolean; backup: string | null }>('POST', '/api/agent/install', { target }),
  listAgentPrompts: () => call<AgentPrompt[]>('GET', '/api/agent/prompts'),
  answerAgentPrompt: (promptId: string, decision: ConsentDecision) =>
    call<void>('POST', `/api/agent/prompts/${id(promptId)}`, { decision }),
  listAgentPermissions: () => call<AgentPermission[]>('GET', '/api/agent/permissions'),
  revokeAgentPermission: (permissionId: string) => call<void>('DELETE', `/api/agent/permissions/${id(permissionId)}`),
  revokeAgentPermissions: () => call<void>('DELETE', '/api/agent/permissions'),
};
