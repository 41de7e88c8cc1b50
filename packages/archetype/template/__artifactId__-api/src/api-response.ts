/** The unified response body: `{code: 200, data, msg: "success"}`, or the error code, `null` data and why. */
export interface ApiResponse<T> {
  readonly code: number;
  readonly data: T;
  readonly msg: string;
  /** On an error: the trace id of the request, which its log lines carry (`trace: "<traceId>-<spanId>"`). */
  readonly traceId?: string;
}

export const SUCCESS_MESSAGE = 'success';
