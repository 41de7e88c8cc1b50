import type { DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler } from 'kysely';

import { type ReplicaProbe, RoutingDriver } from './routing-driver.js';

/**
 * A dialect whose queries are routed over a primary and its replicas. Every datasource speaks the same SQL,
 * so compiling, the adapter and introspection are the primary dialect's.
 */
export class RoutingDialect implements Dialect {
  private driver: RoutingDriver | undefined;

  constructor(
    private readonly primary: Dialect,
    private readonly replicas: readonly Dialect[],
  ) {}

  createDriver(): Driver {
    this.driver = new RoutingDriver(
      this.primary.createDriver(),
      this.replicas.map((replica) => replica.createDriver()),
    );
    return this.driver;
  }

  /** Whether each replica answers now, in the order they were given. */
  replicaHealth(): Promise<ReplicaProbe[]> {
    return this.driver?.replicaHealth() ?? Promise.resolve([]);
  }

  createQueryCompiler(): QueryCompiler {
    return this.primary.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.primary.createAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own Dialect interface takes Kysely<any> here.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.primary.createIntrospector(db);
  }
}
