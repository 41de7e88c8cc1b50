/** Every failure the project reports carries one of these codes; HTTP status follows from the code. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** What was asked collides with what is already there: a port another program (or mock) holds. */
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The person said no to an agent's send. */
  DENIED: 403,
  /** The person did not answer an agent's send in the time the agent gave. */
  CONSENT_TIMEOUT: 408,
  INTERNAL: 500,
  /** An agent's send went out (or was tried) and no response came back: refused, timed out, unreachable. */
  SEND_FAILED: 502,
  /** The data dir's disk is full: the request was not saved, nothing saved before was lost. */
  STORAGE_FULL: 507,
  /** The data dir or database cannot be written by this account (read-only, foreign owner, read-only mount). */
  STORAGE_READ_ONLY: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
}

/** The one error type of the project: a string code plus a message that says what to do next. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toJSON(): ErrorBody {
    return { code: this.code, message: this.message };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
