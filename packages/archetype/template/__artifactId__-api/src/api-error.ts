/** Thrown by the typed client when the service answers with an error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    readonly msg: string,
    /** The trace id the service gave the request, to find its log lines. */
    readonly traceId?: string,
  ) {
    super(`${code}: ${msg}`);
  }
}
