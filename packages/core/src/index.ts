export type { Flavor } from './constants.js';
export {
  APP_NAME,
  CONTROL_PLANE_PORTS,
  controlPlanePorts,
  MASKED_VALUE,
  MAX_REQUEST_BODY_BYTES,
} from './constants.js';
export type { ParsedCurl, ParsedCurlAuth, ParsedCurlBody } from './curl/parsed-curl.js';
export type { ErrorBody, ErrorCode } from './errors.js';
export { AppError, ERROR_STATUS, isAppError, isErrorCode } from './errors.js';
export type {
  Endpoint,
  EndpointAuth,
  EndpointBody,
  EndpointDraft,
  EndpointState,
  Environment,
  EnvironmentVariable,
  Folder,
  HistoryEntry,
  KeyValue,
  MultipartPart,
  Project,
  ProjectVariable,
} from './model.js';
export {
  AGENT_IMPORTS_PROJECT,
  BASE_URL_VARIABLE,
  ENDPOINT_STATES,
  HTTP_METHODS,
} from './model.js';
