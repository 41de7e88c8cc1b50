import type { RootOperationNode } from 'kysely';

import { datasourceOverride } from './datasource-override.js';
import { DatasourceRoutingError } from './datasource-routing-error.js';
import { type DatasourceTarget, isRead, mustRunOnPrimary } from './datasource-target.js';

/**
 * Where `query` runs: a transaction keeps everything on the primary, `onDatasource` chooses explicitly, and
 * otherwise reads go to a replica and everything else to the primary.
 */
export function routeQuery(query: RootOperationNode, inTransaction: boolean): DatasourceTarget {
  const requested = datasourceOverride();
  if (requested === 'replica') {
    if (inTransaction) throw transactionOnReplica();
    if (mustRunOnPrimary(query)) {
      throw new DatasourceRoutingError(
        'WRITE_ON_REPLICA',
        `onDatasource('replica', …) cannot run ${query.kind} (a write or a locking read): replicas take ` +
          "plain reads only; run it outside onDatasource('replica', …), on the primary",
      );
    }
    return 'replica';
  }
  if (requested === 'primary' || inTransaction) return 'primary';
  return isRead(query) ? 'replica' : 'primary';
}

export function transactionOnReplica(): DatasourceRoutingError {
  return new DatasourceRoutingError(
    'TRANSACTION_ON_REPLICA',
    "onDatasource('replica', …) cannot hold a transaction: transactions run on the primary; " +
      'start the transaction outside it',
  );
}
