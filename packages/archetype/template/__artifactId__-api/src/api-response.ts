/** The unified response body: `{code: 200, data, msg: "success"}`, or the error code, `null` data and why. */
export interface ApiResponse<T> {
  readonly code: number;
  readonly data: T;
  readonly msg: string;
}

export const SUCCESS_MESSAGE = 'success';
