import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';

import { routeQuery } from './route-query.js';

/** A connection taken from one of the pools, and the driver it goes back to. */
interface HeldConnection {
  readonly driver: Driver;
  readonly connection: DatabaseConnection;
}

/** The pools a routing connection draws from. */
export interface RoutingPools {
  readonly primary: Driver;
  /**
   * The next replica's driver in turn, skipping those found down a moment ago; none when there is no replica
   * (or none is up), and reads then go to the primary.
   */
  nextReplica(): Driver | undefined;
  /** A replica could not be reached: reads leave it alone for a while. */
  replicaFailed(replica: Driver, error: unknown): void;
}

/** Error codes that say the database could not be reached or the connection broke, not that the query failed. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  // PostgreSQL: the server is shutting down or starting up.
  '57P01',
  '57P02',
  '57P03',
]);

/** Whether `error` says a database is unreachable (so the same read may run elsewhere) rather than a bad query. */
export function isConnectionFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || /^08\d{3}$/.test(code))) return true;
  return typeof message === 'string' && /connection terminated|connection (is )?closed/i.test(message);
}

/**
 * What Kysely takes for one connection. It holds no pooled connection until a query arrives, then takes one
 * from the pool that query is routed to and keeps it until Kysely releases this connection, so queries run on
 * one `db.connection()` stay on one connection per pool. A transaction pins it to the primary.
 */
export class RoutingConnection implements DatabaseConnection {
  // Promises, so that two queries started together on this connection share what the first one takes.
  private primary: Promise<HeldConnection> | undefined;
  private replica: Promise<HeldConnection> | undefined;
  private inTransaction = false;

  constructor(private readonly pools: RoutingPools) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const held = await this.connectionFor(compiledQuery);
    try {
      return await held.connection.executeQuery<R>(compiledQuery);
    } catch (error) {
      // A read on a replica that went away runs again on the primary: reads do not change anything.
      if (held.driver === this.pools.primary || !isConnectionFailure(error)) throw error;
      await this.dropReplica(held, error);
      return (await this.primaryConnection()).connection.executeQuery<R>(compiledQuery);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const { connection } = await this.connectionFor(compiledQuery);
    yield* connection.streamQuery<R>(compiledQuery, chunkSize);
  }

  /** The primary's connection, from now until `endTransaction` the only one this connection uses. */
  async beginTransaction(): Promise<DatabaseConnection> {
    this.inTransaction = true;
    return (await this.primaryConnection()).connection;
  }

  endTransaction(): void {
    this.inTransaction = false;
  }

  /** The primary's connection of the running transaction, for commit, rollback and savepoints. */
  async transactionConnection(): Promise<DatabaseConnection> {
    if (!this.inTransaction || !this.primary) throw new Error('no transaction is running on this connection');
    return (await this.primary).connection;
  }

  /** Gives every pooled connection back; one that could not be taken has nothing to give back. */
  async release(): Promise<void> {
    const held = [this.primary, this.replica];
    this.primary = undefined;
    this.replica = undefined;
    for (const pending of held) {
      const taken = await pending?.catch(() => undefined);
      if (taken) await taken.driver.releaseConnection(taken.connection);
    }
  }

  private connectionFor(compiledQuery: CompiledQuery): Promise<HeldConnection> {
    return routeQuery(compiledQuery.query, this.inTransaction) === 'primary'
      ? this.primaryConnection()
      : this.replicaConnection();
  }

  private primaryConnection(): Promise<HeldConnection> {
    this.primary ??= take(this.pools.primary);
    return this.primary;
  }

  /** A replica's connection; the primary's when no replica is up or the chosen one cannot be reached. */
  private replicaConnection(): Promise<HeldConnection> {
    if (this.replica) return this.replica;
    const replica = this.pools.nextReplica();
    if (!replica) return this.primaryConnection();
    this.replica = take(replica).catch((error: unknown) => {
      if (!isConnectionFailure(error)) throw error;
      this.pools.replicaFailed(replica, error);
      this.replica = undefined;
      return this.primaryConnection();
    });
    return this.replica;
  }

  private async dropReplica(held: HeldConnection, error: unknown): Promise<void> {
    this.pools.replicaFailed(held.driver, error);
    this.replica = undefined;
    await held.driver.releaseConnection(held.connection).catch(() => undefined);
  }
}

function take(driver: Driver): Promise<HeldConnection> {
  return driver.acquireConnection().then((connection) => ({ driver, connection }));
}
