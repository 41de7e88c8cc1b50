import type { RootOperationNode, SelectQueryNode } from 'kysely';

/** Where a query runs: the primary takes writes and transactions, a replica takes reads. */
export type DatasourceTarget = 'primary' | 'replica';

/** Row locks (`FOR UPDATE`, `FOR SHARE` …) only mean something on the primary, and a standby refuses them. */
const LOCKING_MODIFIERS = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare']);

/**
 * A read is a `SELECT` that neither locks rows (a raw end modifier might, so it counts as a lock) nor writes
 * through a common table expression (`WITH x AS (INSERT … RETURNING …) SELECT …`). Everything else — inserts,
 * updates, deletes, merges, schema changes and raw SQL, which Kysely cannot look into — is treated as a write.
 */
export function isRead(query: RootOperationNode): query is SelectQueryNode {
  if (query.kind !== 'SelectQueryNode') return false;
  if (query.endModifiers?.some((node) => node.rawModifier || LOCKING_MODIFIERS.has(node.modifier ?? ''))) {
    return false;
  }
  return query.with?.expressions.every((cte) => cte.expression.kind === 'SelectQueryNode') ?? true;
}

/**
 * True for a query a replica must never receive, even when the caller asks for one: anything Kysely knows is
 * not a plain read. Raw SQL is the caller's own statement and passes (a read-only standby refuses a write).
 */
export function mustRunOnPrimary(query: RootOperationNode): boolean {
  return query.kind !== 'RawNode' && !isRead(query);
}
