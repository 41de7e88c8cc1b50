/**
 * - `business`: the remote service answered `{code, data, msg}` with a `code` other than success; `code` and
 *   `msg` are its own. Whatever the HTTP status, the callee decided this answer.
 * - `remote`: no usable answer: the connection failed, the call timed out, or the body is not the unified
 *   shape (HTML error page, plain text, a 502 from a proxy) or its `data` does not match the declared schema.
 * - `request`: nothing was sent, because the path parameters, query or body given do not fit the operation.
 */
export type RemoteCallErrorKind = 'business' | 'remote' | 'request';

/** Why a `remote` failure happened. */
export type RemoteFailureReason = 'network' | 'timeout' | 'http-status' | 'malformed-response' | 'invalid-data';

export interface RemoteCallErrorDetails {
  readonly kind: RemoteCallErrorKind;
  /** `<client>.<operation>`, e.g. `sysUser.get`. */
  readonly operation: string;
  readonly method: string;
  /** The URL called, or the path template when the URL could not be built. */
  readonly url: string;
  /** Only for `remote`. */
  readonly reason?: RemoteFailureReason;
  /** The HTTP status, when an answer arrived. */
  readonly status?: number;
  /** The remote `code` and `msg`; only for `business`. */
  readonly code?: number;
  readonly msg?: string;
  readonly cause?: unknown;
}

/** Every failure of a call made through an HTTP client of this module. */
export class RemoteCallError extends Error {
  override readonly name = 'RemoteCallError';
  readonly kind: RemoteCallErrorKind;
  readonly operation: string;
  readonly method: string;
  readonly url: string;
  readonly reason: RemoteFailureReason | undefined;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly msg: string | undefined;
  /** What went wrong, without the operation and URL the message starts with. */
  readonly detail: string;

  constructor(detail: string, details: RemoteCallErrorDetails) {
    super(`${details.operation} (${details.method} ${details.url}): ${detail}`, { cause: details.cause });
    this.detail = detail;
    this.kind = details.kind;
    this.operation = details.operation;
    this.method = details.method;
    this.url = details.url;
    this.reason = details.reason;
    this.status = details.status;
    this.code = details.code;
    this.msg = details.msg;
  }
}
