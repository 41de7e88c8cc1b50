/** Thrown by the typed client when the service answers with an error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    readonly msg: string,
  ) {
    super(`${code}: ${msg}`);
  }
}
