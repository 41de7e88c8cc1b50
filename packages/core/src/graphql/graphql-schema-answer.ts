import type { SendInput } from '../request/send-types.js';

/**
 * A GraphQL schema as the app hands it to the window: the introspection query's `data` as the server sent it
 * (`{ __schema: … }`), which the window builds a schema from, and when it was fetched.
 */
export interface GraphqlSchemaAnswer {
  introspection: { __schema: unknown };
  fetchedAt: string;
}

/** What the window asks: the request to introspect as it is being edited, and whether to fetch again. */
export interface GraphqlSchemaRequest {
  send: SendInput;
  refresh: boolean;
}
