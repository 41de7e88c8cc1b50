import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

import { datasourceOverride } from './datasource-override.js';
import { transactionOnReplica } from './route-query.js';
import { RoutingConnection, type RoutingPools } from './routing-connection.js';

type CompileQuery = QueryCompiler['compileQuery'];

/**
 * A Kysely driver over the primary's driver and the replicas' drivers: each connection it hands out routes
 * query by query (see `RoutingConnection`), replicas take turns, and transactions run on the primary.
 */
export class RoutingDriver implements Driver {
  private turn = 0;
  private readonly pools: RoutingPools;

  constructor(
    private readonly primary: Driver,
    private readonly replicas: readonly Driver[],
  ) {
    this.pools = { primary, nextReplica: () => this.nextReplica() };
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

  /** Round robin over the replicas. */
  private nextReplica(): Driver | undefined {
    if (this.replicas.length === 0) return undefined;
    const replica = this.replicas[this.turn];
    this.turn = (this.turn + 1) % this.replicas.length;
    return replica;
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
