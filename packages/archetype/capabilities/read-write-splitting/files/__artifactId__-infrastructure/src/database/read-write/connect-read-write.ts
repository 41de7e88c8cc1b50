import { createDialect } from '../create-dialect.js';
import { Database } from '../database.js';
import type { DataSourceConfig } from '../datasource-config.js';
import { onDatasource } from './datasource-override.js';
import { RoutingDialect } from './routing-dialect.js';

/** Where a datasource is, for health and the log: host, port and database of a URL, never its credentials. */
export function datasourceLocation(url: string): string {
  if (!URL.canParse(url)) return url;
  const { host, pathname } = new URL(url);
  return `${host}${pathname}`;
}

/** A replica's datasource: it uses the primary's driver. */
export type ReplicaConfig = Omit<DataSourceConfig, 'driver'>;

/**
 * The database on `primary` and `replicas`: reads go to the replicas in turn, writes, raw SQL, migrations
 * and transactions to the primary, unless `onDatasource` says otherwise. With no replica
 * every query goes to the primary.
 */
export async function connectReadWriteDatabase(
  primary: DataSourceConfig,
  replicas: readonly ReplicaConfig[],
): Promise<Database> {
  const replicaDialects = await Promise.all(
    replicas.map((replica) => createDialect({ ...replica, driver: primary.driver })),
  );
  const dialect = new RoutingDialect(await createDialect(primary), replicaDialects);
  // Migrations, and the reads of their bookkeeping table, run on the primary: replicas get the schema by replication.
  return Database.withDialect(dialect, primary.driver, {
    onPrimary: (work) => onDatasource('primary', work),
    replicaHealth: async () =>
      (await dialect.replicaHealth()).map((probe, i) => ({
        name: datasourceLocation(replicas[i]?.url ?? ''),
        ...probe,
      })),
  });
}
