import { AppError, isAppError, storageErrorOf } from '@client/core';

interface FrameworkError {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  validation?: unknown;
}

/** A failure as the UI reads it: always an AppError, with a message that says what to do. */
export function toUiError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const { code, statusCode, message, validation } = (
    typeof error === 'object' && error !== null ? error : {}
  ) as FrameworkError;
  if (validation !== undefined && typeof message === 'string') {
    // Schema failures read like "body/request/method must be string": name the field, say the type.
    return new AppError('VALIDATION', message);
  }
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'the request is too large for the UI server; send a smaller body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'send the body as JSON with Content-Type: application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('VALIDATION', 'the request body is empty; send a JSON object');
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new AppError('VALIDATION', typeof message === 'string' ? message : 'the request could not be read');
  }
  return (
    storageErrorOf(error) ??
    new AppError('INTERNAL', 'the app failed to answer; see its output, then retry', { cause: error })
  );
}
