/**
 * A transaction boundary. Every gateway call made inside `work` joins the same transaction, which commits
 * when `work` resolves and rolls back when it throws. The infrastructure module provides the implementation.
 */
export interface TransactionManager {
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
}
