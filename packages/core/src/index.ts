export {
  AGENT_RUN_PROMPT_REQUESTS,
  type AgentPermission,
  type AgentPrompt,
  type AgentRunPrompt,
  type AgentRunPromptRequest,
  type AgentSendPrompt,
  CONSENT_DECISIONS,
  type ConsentDecision,
  PROJECT_PERMISSION_MINUTES,
} from './agent/agent-consent.js';
export {
  type EndpointFilter,
  type EnvironmentListing,
  type FolderListing,
  filterEndpoints,
  isWholeListing,
  readEndpointFilter,
} from './agent/agent-lists.js';
export { type AgentMockRequest, readAgentMockRequest } from './agent/agent-mock.js';
export {
  AGENT_RUN_DEFAULT_TIMEOUT_MS,
  AGENT_RUN_MAX_FAILURES,
  AGENT_RUN_MESSAGE_CHARACTERS,
  type AgentRunAnswer,
  type AgentRunFailure,
  type AgentRunRequest,
  readAgentRunRequest,
} from './agent/agent-run.js';
export {
  AGENT_BODY_BYTES,
  AGENT_SEND_DEFAULT_TIMEOUT_MS,
  type AgentSendOverrides,
  type AgentSendRequest,
  type AgentSendResult,
  readAgentSendRequest,
} from './agent/agent-send.js';
export {
  ASSERTION_OPERATORS,
  ASSERTION_SOURCES,
  ASSERTION_TYPES,
  type Assertion,
  type AssertionOperator,
  type AssertionSource,
  type AssertionType,
  PROPERTY_SOURCES,
  VALUELESS_OPERATORS,
} from './assertions/assertion.js';
export { numberOf } from './assertions/assertion-number.js';
export { type AssertionPattern, assertionPattern } from './assertions/assertion-pattern.js';
export { assertionText } from './assertions/assertion-text.js';
export type { AssertionVerdict } from './assertions/assertion-verdict.js';
export { MAX_ASSERTIONS, readAssertion, readAssertions } from './assertions/read-assertions.js';
export { exportOpenApi } from './collections/export-openapi.js';
export { exportPostman } from './collections/export-postman.js';
export { type ExportResult, type ProjectSnapshot, snapshotOfFolder } from './collections/export-snapshot.js';
export {
  COLLECTION_FORMATS,
  type CollectionFormat,
  type ImportPlan,
  type PlannedEnvironment,
  type PlannedRequest,
  type PlannedVariable,
  type SkippedItem,
} from './collections/import-plan.js';
export { type ImportPreview, type PreviewFolder, previewImportPlan } from './collections/import-preview.js';
export {
  type BrunoCollection,
  planBruno,
} from './collections/plan-bruno.js';
export { detectFormat, planCollection } from './collections/plan-collection.js';
export type { Flavor } from './constants.js';
export {
  APP_NAME,
  CONTROL_PLANE_PORTS,
  controlPlanePorts,
  MASKED_VALUE,
  MAX_NAME_LENGTH,
  MAX_REQUEST_BODY_BYTES,
} from './constants.js';
export { MAX_CURL_COMMAND_BYTES, parseCurl } from './curl/parse-curl.js';
export type { ParsedCurl, ParsedCurlAuth, ParsedCurlBody } from './curl/parsed-curl.js';
export { toShellWord } from './curl/to-shell-word.js';
export { serializeUrlencoded } from './curl/url-encoding.js';
export { refuseUnlessPlainFile, symlinkInDataDir } from './data-dir-files.js';
export type { ErrorBody, ErrorCode } from './errors.js';
export { AppError, ERROR_STATUS, isAppError, isErrorCode } from './errors.js';
export {
  type ContractMedia,
  type ContractParameter,
  type ContractResponse,
  contractJson,
  type EndpointContract,
  type JsonSchema,
  MAX_CONTRACT_BYTES,
  readContract,
} from './examples/contract.js';
export type { EndpointExample, ExampleDelay, ExampleHeader } from './examples/example.js';
export {
  freeExampleName,
  MAX_EXAMPLE_BODY_LENGTH,
  MAX_EXAMPLE_DELAY_MS,
  MAX_EXAMPLE_NAME_LENGTH,
  MAX_EXAMPLES,
  readExample,
  readExamples,
} from './examples/read-examples.js';
export { type EndpointFile, endpointFileText, readEndpointFile } from './files/endpoint-file.js';
export {
  ENVIRONMENTS_DIRECTORY,
  type EnvironmentFile,
  environmentFileText,
  readEnvironmentFile,
} from './files/environment-file.js';
export { safeFileStem } from './files/file-names.js';
export { type FileReadCache, filesToTree } from './files/files-to-tree.js';
export { FOLDER_FILE, type FolderFile, folderFileText, readFolderFile } from './files/folder-file.js';
export {
  FORMAT_VERSION,
  PROJECT_FILE,
  type ProjectFile,
  projectFileText,
  readProjectFile,
} from './files/project-file.js';
export type {
  FileMap,
  ProjectTree,
  TreeEndpoint,
  TreeEnvironment,
  TreeFolder,
  TreePath,
  TreePlace,
  TreeProblem,
  TreeVariable,
} from './files/project-tree.js';
export { treeProblemText } from './files/project-tree.js';
export { assignSeqs, SEQ_GAP } from './files/seq-order.js';
export { type FilePlace, fileOfEndpoint, fileOfFolder, layoutOfTree, type TreeLayout } from './files/tree-layout.js';
export { treeToFiles } from './files/tree-to-files.js';
export type { FileRead } from './files/yaml-text.js';
export {
  CARDS_SLOT,
  type FirstScreenTemplate,
  fillFirstScreen,
  readFirstScreenTemplate,
  slotMark,
  THEMES,
  type Theme,
  toSlotted,
} from './first-screen/first-screen-template.js';
export { pendingThemeCookie } from './first-screen/pending-theme.js';
export { graphqlBodyFromPayload, graphqlPayload, graphqlVariablesProblem } from './graphql/graphql-payload.js';
export type { GraphqlSchemaAnswer, GraphqlSchemaRequest } from './graphql/graphql-schema-answer.js';
export { type BaseUrlPlan, planBaseUrl } from './import/base-url-plan.js';
export { type PlannedEndpoint, planEndpoint } from './import/endpoint-draft.js';
export { checkImportFolder, chooseImportProject, type ImportProjectChoice } from './import/import-project.js';
export { type ImportRequest, readImportRequest } from './import/import-request.js';
export {
  ENDPOINT_KINDS,
  type EndpointKind,
  type EndpointKindName,
  kindName,
  readEndpointKind,
} from './kinds/endpoint-kind.js';
export { checkKindUrl, isWebSocketUrl } from './kinds/kind-url.js';
export type {
  WebSocketConnectInput,
  WebSocketFrame,
  WebSocketOutgoing,
  WebSocketSessionState,
  WebSocketSessionUpdate,
  WebSocketSessionView,
} from './kinds/websocket-session.js';
export {
  isEmptyWebSocketSettings,
  readWebSocketSettings,
  type SavedWebSocketMessage,
  WEBSOCKET_MESSAGE_FORMATS,
  type WebSocketMessageFormat,
  type WebSocketSettings,
} from './kinds/websocket-settings.js';
export {
  type EndpointListing,
  type ImportNotes,
  type ImportResult,
  type ProjectListing,
  toEndpointListing,
  toImportResult,
  toProjectListing,
} from './listing/agent-listing.js';
export { type EndpointListingSource, endpointListingJson } from './listing/endpoint-listing-json.js';
export { counted, formatWhen } from './listing/listing-text.js';
export { isSecretName, maskAuth, maskBody, maskSecretNamedPairs } from './listing/mask-secrets.js';
export { PROJECT_CARD_FIELDS, type ProjectCardText, projectCardText } from './listing/project-card-text.js';
export type { EndpointTreeRow } from './listing/tree-row.js';
export { readMcpSettings } from './mcp/mcp-settings.js';
export type {
  McpCallAnswer,
  McpCatalog,
  McpExchangeEntry,
  McpJsonSchema,
  McpPromptView,
  McpResourceTemplateView,
  McpResourceView,
  McpSessionInfo,
  McpSettings,
  McpToolView,
} from './mcp/mcp-types.js';
export {
  MOCK_PORT_FIRST,
  MOCK_PORT_LAST,
  type MockInfo,
  type MockLogEntry,
  type MockStartOptions,
} from './mocks/mock-info.js';
export type {
  AwsSigV4Auth,
  ConcreteAuth,
  Endpoint,
  EndpointAuth,
  EndpointBody,
  EndpointDraft,
  EndpointScripts,
  EndpointState,
  Environment,
  EnvironmentVariable,
  Folder,
  GraphqlBody,
  HistoryEntry,
  KeyValue,
  MultipartPart,
  OAuth2Auth,
  Project,
  ProjectVariable,
  QueryParam,
} from './model.js';
export {
  AGENT_IMPORTS_PROJECT,
  BASE_URL_VARIABLE,
  ENDPOINT_STATES,
  HTTP_METHODS,
} from './model.js';
export {
  defaultAllowedHosts,
  destinationHost,
  isHostAllowed,
  normalizeAllowedHosts,
} from './request/allowed-hosts.js';
export {
  type AuthLevel,
  type AuthSource,
  type InheritedAuth,
  resolveInheritedAuth,
} from './request/auth-inheritance.js';
export { isEnabled, keptEnabled, withoutDisabledRows } from './request/enabled-rows.js';
export type { EnvironmentVariableInput, EnvironmentView, VariableView } from './request/environment-types.js';
export { isRelativeFilePath } from './request/file-path.js';
export { fileReferences } from './request/file-references.js';
export type { PickedFile } from './request/picked-file-types.js';
export {
  DEFAULT_REQUEST_SETTINGS,
  effectiveSettings,
  type ProxySetting,
  type RequestSettings,
  type RequestSettingsOverride,
  readRequestSettings,
} from './request/request-settings.js';
export { headersToSend, queryParamsToSend, type RequestParts } from './request/request-shape.js';
export type {
  CookieView,
  HistoryDetail,
  HistoryItem,
  SendInput,
  SendOutcome,
  SendResult,
  SendTiming,
  UploadConsent,
} from './request/send-types.js';
export type { SignInInput, StartedSignIn, TokenStatus } from './request/sign-in-types.js';
export type { AgentSetupView, AgentStatus, AppStatus } from './request/status-types.js';
export type { StreamCapture, StreamEvent, StreamKind, StreamUpdate } from './request/stream-types.js';
export {
  placeholder,
  placeholderPattern,
  resolveTemplate,
  type TemplateToken,
  templateNames,
  tokenizeTemplate,
  type VariableLookup,
} from './request/template.js';
export { type CurlRequest, toCmdCurlCommand, toCurlArguments, toCurlCommand } from './request/to-curl-command.js';
export { toFetchCode } from './request/to-fetch-code.js';
export { toJavaCode } from './request/to-java-code.js';
export { toNodeCode } from './request/to-node-code.js';
export { toPythonCode } from './request/to-python-code.js';
export type { LoadBucket, LoadLatency, LoadOptions, LoadProgress, LoadResult } from './run/load-types.js';
export { type DataRow, dataRowOf, RUN_LIMITS, type RunOptions, readRunOptions } from './run/run-options.js';
export {
  emptyRunStats,
  type RunAssertion,
  type RunCount,
  type RunExecution,
  type RunItem,
  type RunResult,
  type RunScriptError,
  type RunStats,
  type RunTimings,
  runPassed,
} from './run/run-result.js';
export {
  RUN_SOURCES,
  RUN_STATUSES,
  type RunEvent,
  type RunSource,
  type RunStatus,
  type RunSummary,
  type StoredRun,
} from './run/run-summary.js';
export type { ScriptConsoleLine, ScriptVariableChange, SendChecks } from './run/send-checks.js';
export { isEmptyScripts, MAX_SCRIPT_LENGTH, readScripts, type ScriptLevel } from './scripts/scripts.js';
export { storageErrorOf } from './storage-errors.js';
export { deriveEndpointName } from './url/endpoint-name.js';
export { endpointUrlTemplate, isOwnUrl, sendsAsWritten, startsWithVariable } from './url/endpoint-url.js';
export { encodeQueryText } from './url/query-encoding.js';
export {
  joinQuery,
  joinUrl,
  normalizeOrigin,
  parseQuery,
  type SplitUrl,
  splitUrl,
  type UrlUserinfo,
} from './url/split-url.js';
