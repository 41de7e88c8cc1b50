import { ResultCode } from '@__groupId__/__artifactId__-api';

/** A refused upload or workbook; the global error handler answers it with this status and message. */
export class ExcelRequestError extends Error {
  override readonly name = 'ExcelRequestError';

  constructor(
    readonly statusCode: ResultCode,
    message: string,
  ) {
    super(message);
  }

  static badRequest(message: string): ExcelRequestError {
    return new ExcelRequestError(ResultCode.BAD_REQUEST, message);
  }

  static tooLarge(message: string): ExcelRequestError {
    return new ExcelRequestError(ResultCode.PAYLOAD_TOO_LARGE, message);
  }

  static unsupportedMediaType(message: string): ExcelRequestError {
    return new ExcelRequestError(ResultCode.UNSUPPORTED_MEDIA_TYPE, message);
  }
}
