import type {
  AgentMockRequest,
  AgentRunAnswer,
  AgentRunRequest,
  AgentSendRequest,
  AgentSendResult,
  EndpointListing,
  EnvironmentListing,
  FolderListing,
  ImportRequest,
  ImportResult,
  MockInfo,
  ParsedCurl,
  ProjectListing,
} from '@client/core';

/** What the control plane's routes read and write; `storeHandlers` backs them with the SQLite store. */
export interface AgentHandlers {
  listProjects(): ProjectListing[];
  /** Throws NOT_FOUND when the project does not exist. */
  listEndpoints(projectId: string): EndpointListing[];
  /**
   * `JSON.stringify(listEndpoints(projectId))` as UTF-8, written straight from the stored rows, for an answer with
   * every endpoint of the project; the route uses it when present. Throws NOT_FOUND when the project does not exist.
   */
  listEndpointsJson?(projectId: string): Uint8Array;
  /**
   * The one write: import a cURL command as an endpoint (docs/ARCHITECTURE.md#import-rules). `parsed` is
   * `parseCurl(command)`, done on a reader thread, which keeps the command text.
   */
  /** An agent's import unless `writtenBy` says the person's (the window's paste of a cURL command). */
  importCurl(request: Omit<ImportRequest, 'command'>, parsed: ParsedCurl, writtenBy?: 'agent' | 'person'): ImportResult;
  /** Throws NOT_FOUND when the project does not exist. */
  listFolders(projectId: string): FolderListing[];
  /** Names only, never values; throws NOT_FOUND when the project does not exist. */
  listEnvironments(projectId: string): EnvironmentListing[];
  /**
   * Sends a saved endpoint once the person allows it, and answers with secrets masked. The app supplies it: the
   * control plane never decrypts a secret nor sends a request itself. Absent, a send is refused.
   */
  sendEndpoint?(request: AgentSendRequest): Promise<AgentSendResult>;
  /**
   * Runs a project's or a folder's tests once the person allows it, as `sendEndpoint` sends; answers with the
   * failures scrubbed, or with the run still going (a job) once `request.timeoutMs` has passed. Absent, runs are
   * refused, as are the two below.
   */
  runTests?(request: AgentRunRequest): Promise<AgentRunAnswer>;
  /** An agent's run, finished or so far; throws NOT_FOUND for any other run. */
  getRun?(runId: string): Promise<AgentRunAnswer>;
  /** Stops an agent's run and answers with what it found. */
  cancelRun?(runId: string): Promise<AgentRunAnswer>;
  /**
   * Starts a mock of a project (or folder) on a free loopback port, marked as an agent's. No consent is asked: a
   * mock sends nothing anywhere and only answers on 127.0.0.1. The app supplies it (the mocks run in the app);
   * absent, mocks are refused, as are the two below.
   */
  startMock?(request: AgentMockRequest): Promise<MockInfo>;
  /** The running mocks, the person's and agents'. */
  listMocks?(): MockInfo[];
  /** Stops a mock an agent started; throws NOT_FOUND for an id that is not running. */
  stopMock?(mockId: string): Promise<MockInfo>;
}
