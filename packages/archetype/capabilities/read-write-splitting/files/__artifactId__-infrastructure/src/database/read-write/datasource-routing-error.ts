/**
 * `WRITE_ON_REPLICA`: a write ran inside `onDatasource('replica', …)`.
 * `TRANSACTION_ON_REPLICA`: a transaction began, or ran a query, inside `onDatasource('replica', …)`.
 */
export type DatasourceRoutingErrorCode = 'WRITE_ON_REPLICA' | 'TRANSACTION_ON_REPLICA';

/** A query the caller sent to a replica that only the primary may run. */
export class DatasourceRoutingError extends Error {
  override readonly name = 'DatasourceRoutingError';

  constructor(
    readonly code: DatasourceRoutingErrorCode,
    message: string,
  ) {
    super(message);
  }
}
