import { createDialect } from '../create-dialect.js';
import { Database } from '../database.js';
import type { DataSourceConfig } from '../datasource-config.js';
import { RoutingDialect } from './routing-dialect.js';

/** A replica's datasource: it uses the primary's driver. */
export type ReplicaConfig = Omit<DataSourceConfig, 'driver'>;

/**
 * The database on `primary` and `replicas`: reads go to the replicas in turn, writes, raw SQL (the schema
 * script among it) and transactions to the primary, unless `onDatasource` says otherwise. With no replica
 * every query goes to the primary.
 */
export async function connectReadWriteDatabase(
  primary: DataSourceConfig,
  replicas: readonly ReplicaConfig[],
): Promise<Database> {
  const replicaDialects = await Promise.all(
    replicas.map((replica) => createDialect({ ...replica, driver: primary.driver })),
  );
  return Database.withDialect(new RoutingDialect(await createDialect(primary), replicaDialects), primary.driver);
}
