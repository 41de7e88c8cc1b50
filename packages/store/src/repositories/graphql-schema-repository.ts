import type { StoreContext } from '../store-context.js';

/** A GraphQL endpoint's schema as introspection gave it, for the URL it was fetched from. */
export interface StoredGraphqlSchema {
  /** The endpoint's path as written when it was fetched: another URL is another schema. */
  url: string;
  /** The introspection result's `data`, as JSON text. */
  introspection: string;
  fetchedAt: string;
}

/** Saved endpoints' GraphQL schemas, kept until refreshed or until the endpoint is deleted. */
export class GraphqlSchemaRepository {
  constructor(private readonly context: StoreContext) {}

  get(endpointId: string): StoredGraphqlSchema | undefined {
    return this.context
      .statement<StoredGraphqlSchema>(
        'SELECT url, introspection, fetched_at AS fetchedAt FROM graphql_schemas WHERE endpoint_id = ?',
      )
      .get(endpointId);
  }

  set(endpointId: string, schema: StoredGraphqlSchema): void {
    this.context
      .statement(
        `INSERT INTO graphql_schemas (endpoint_id, url, introspection, fetched_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (endpoint_id) DO UPDATE
         SET url = excluded.url, introspection = excluded.introspection, fetched_at = excluded.fetched_at`,
      )
      .run(endpointId, schema.url, schema.introspection, schema.fetchedAt);
  }
}
