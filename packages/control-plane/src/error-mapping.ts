import { AppError, isAppError, storageErrorOf } from '@client/core';

interface FrameworkError {
  code?: unknown;
  statusCode?: unknown;
}

/** How a failure the framework or Node reports reads to an agent: what went wrong and what to send instead. */
export function toAppError(error: unknown, maxBodyBytes: number): AppError {
  if (isAppError(error)) return error;
  const { code, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as FrameworkError;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        `the request body is larger than ${maxBodyBytes} bytes; send a shorter command (one cURL command per request)`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION', 'the request body is empty; send {"command": "curl https://…"}');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDATION', 'the body did not match its Content-Length header; send the body again');
    case 'FST_ERR_BAD_URL':
      return new AppError('VALIDATION', 'the request path is not a valid URL (bad percent-encoding); fix the path');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('NOT_FOUND', 'no project has that projectId; list projects with GET /agent/projects');
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new AppError('VALIDATION', 'the request could not be read; send JSON with Content-Type: application/json');
  }
  const storage = storageErrorOf(error);
  if (storage !== null) return storage;
  return new AppError(
    'INTERNAL',
    'the control plane failed to answer this request; retry, and if it fails again see the app output',
    { cause: error },
  );
}

export function unsupportedMediaType(): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'send the body as JSON with the header "Content-Type: application/json"',
  );
}
