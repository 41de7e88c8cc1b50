import { AppError, type ErrorCode, isAppError, storageErrorOf } from '@client/core';

/** The failures Fastify or Node report before a route runs, named once for every HTTP service of the app. */
type FrameworkFailure =
  | 'bodyTooLarge'
  | 'unsupportedMediaType'
  | 'emptyBody'
  | 'contentLengthMismatch'
  | 'badUrl'
  | 'paramTooLong'
  | 'unreadable';

const FAILURE_OF_CODE: Record<string, FrameworkFailure> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLengthMismatch',
  FST_ERR_BAD_URL: 'badUrl',
  // Only an id that no row can have makes a path parameter this long.
  FST_ERR_MAX_PARAM_LENGTH: 'paramTooLong',
};

const CODE_OF_FAILURE: Record<FrameworkFailure, ErrorCode> = {
  bodyTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  emptyBody: 'VALIDATION',
  contentLengthMismatch: 'VALIDATION',
  badUrl: 'VALIDATION',
  paramTooLong: 'NOT_FOUND',
  unreadable: 'VALIDATION',
};

/** What each service tells its own reader: the agent, or the person in the UI. */
export type FrameworkWording = Record<FrameworkFailure, string> & {
  internal: string;
  /** Schema failures ("body/name must be string") name the field; services with schemas keep that text. */
  keepsSchemaMessages: boolean;
};

interface FrameworkError {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  validation?: unknown;
}

/** Any failure as a coded AppError: ours as they are, the framework's and Node's in the service's wording. */
export function toAppError(error: unknown, wording: FrameworkWording): AppError {
  if (isAppError(error)) return error;
  const { code, statusCode, message, validation } = (
    typeof error === 'object' && error !== null ? error : {}
  ) as FrameworkError;
  if (wording.keepsSchemaMessages && validation !== undefined && typeof message === 'string') {
    return new AppError('VALIDATION', message);
  }
  const failure =
    (typeof code === 'string' ? FAILURE_OF_CODE[code] : undefined) ??
    (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? 'unreadable' : undefined);
  if (failure !== undefined) return new AppError(CODE_OF_FAILURE[failure], wording[failure]);
  return storageErrorOf(error) ?? new AppError('INTERNAL', wording.internal, { cause: error });
}
