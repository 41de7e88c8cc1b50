import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

import { datasourceOverride } from './datasource-override.js';
import { transactionOnReplica } from './route-query.js';
import { RoutingConnection, type RoutingPools } from './routing-connection.js';

type CompileQuery = QueryCompiler['compileQuery'];

/** How long reads leave a replica alone after it could not be reached, before they try it again. */
export const REPLICA_RETRY_AFTER_MS = 5_000;

/** What a probe of one replica found. */
export interface ReplicaProbe {
  readonly status: 'UP' | 'DOWN';
  readonly reason?: string;
}

/** One `select 1` on a connection of its own, given back to the pool afterwards. */
async function probe(driver: Driver): Promise<void> {
  const connection = await driver.acquireConnection();
  try {
    await connection.executeQuery(CompiledQuery.raw('select 1'));
  } finally {
    await driver.releaseConnection(connection);
  }
}

/**
 * A Kysely driver over the primary's driver and the replicas' drivers: each connection it hands out routes
 * query by query (see `RoutingConnection`), replicas take turns, and transactions run on the primary. A replica
 * that cannot be reached is left out of the turns for `retryAfterMs`; its reads run on the primary meanwhile.
 */
export class RoutingDriver implements Driver {
  private turn = 0;
  private readonly pools: RoutingPools;
  /** Until when (ms since the epoch) reads leave a replica alone after it could not be reached, and why. */
  private readonly down = new Map<Driver, { readonly until: number; readonly reason: string }>();

  constructor(
    private readonly primary: Driver,
    private readonly replicas: readonly Driver[],
    private readonly retryAfterMs = REPLICA_RETRY_AFTER_MS,
  ) {
    this.pools = {
      primary,
      nextReplica: () => this.nextReplica(),
      replicaFailed: (replica, error) => this.markDown(replica, error),
    };
  }

  /**
   * Whether each replica answers now (in order): reads go to those that do. Probing a replica that answers
   * again puts it back in turn at once.
   */
  async replicaHealth(): Promise<ReplicaProbe[]> {
    return Promise.all(
      this.replicas.map(async (replica) => {
        try {
          await probe(replica);
          this.down.delete(replica);
          return { status: 'UP' } as const;
        } catch (error) {
          this.markDown(replica, error);
          return { status: 'DOWN', reason: this.down.get(replica)?.reason } as const;
        }
      }),
    );
  }

  async init(): Promise<void> {
    await Promise.all(this.all().map((driver) => driver.init()));
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new RoutingConnection(this.pools));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (datasourceOverride() === 'replica') throw transactionOnReplica();
    const routing = asRouting(connection);
    try {
      await this.primary.beginTransaction(await routing.beginTransaction(), settings);
    } catch (error) {
      routing.endTransaction();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const routing = asRouting(connection);
    try {
      await this.primary.commitTransaction(await routing.transactionConnection());
    } finally {
      routing.endTransaction();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routing = asRouting(connection);
    try {
      await this.primary.rollbackTransaction(await routing.transactionConnection());
    } finally {
      routing.endTransaction();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    if (!this.primary.savepoint) throw unsupported('savepoint');
    await this.primary.savepoint(await asRouting(connection).transactionConnection(), name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    if (!this.primary.rollbackToSavepoint) throw unsupported('rollbackToSavepoint');
    await this.primary.rollbackToSavepoint(await asRouting(connection).transactionConnection(), name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: CompileQuery): Promise<void> {
    if (!this.primary.releaseSavepoint) throw unsupported('releaseSavepoint');
    await this.primary.releaseSavepoint(await asRouting(connection).transactionConnection(), name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return asRouting(connection).release();
  }

  async destroy(): Promise<void> {
    await Promise.all(this.all().map((driver) => driver.destroy()));
  }

  /** Round robin over the replicas that are not known to be down. */
  private nextReplica(): Driver | undefined {
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[this.turn];
      this.turn = (this.turn + 1) % this.replicas.length;
      if (replica && (this.down.get(replica)?.until ?? 0) <= Date.now()) return replica;
    }
    return undefined;
  }

  private markDown(replica: Driver, error: unknown): void {
    const reason = error instanceof Error ? error.message || (error as { code?: string }).code : String(error);
    this.down.set(replica, { until: Date.now() + this.retryAfterMs, reason: reason ?? 'unreachable' });
  }

  private all(): Driver[] {
    return [this.primary, ...this.replicas];
  }
}

function asRouting(connection: DatabaseConnection): RoutingConnection {
  if (connection instanceof RoutingConnection) return connection;
  throw new Error('the read-write routing driver was handed a connection it did not create');
}

function unsupported(method: string): Error {
  return new Error(`the primary's driver does not support ${method}`);
}
