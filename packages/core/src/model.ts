/** The domain model shared by the store, the control plane, the app and the UI. */

import type { Assertion } from './assertions/assertion.js';
import type { EndpointContract } from './examples/contract.js';
import type { EndpointExample } from './examples/example.js';
import type { EndpointKind } from './kinds/endpoint-kind.js';
import type { WebSocketSettings } from './kinds/websocket-settings.js';
import type { McpSettings } from './mcp/mcp-types.js';
import type { RequestSettingsOverride } from './request/request-settings.js';

export const ENDPOINT_STATES = ['Designing', 'Developing', 'Testing', 'Released', 'Deprecated'] as const;
export type EndpointState = (typeof ENDPOINT_STATES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Name of the project variable that holds the origin every endpoint of the project is sent to. */
export const BASE_URL_VARIABLE = 'base_url';

/** Project an import creates when no project exists yet. */
export const AGENT_IMPORTS_PROJECT = 'Agent imports';

/**
 * A name/value row: a query param, a header, a form field or a variable. `enabled: false` keeps the row but
 * leaves it out of what is sent (a disabled variable is undefined); absent means on, so rows written before
 * rows could be switched off, and agents that never name the field, mean what they always meant.
 */
export interface KeyValue {
  key: string;
  value: string;
  enabled?: boolean;
}

/**
 * A query param. `equals: true` keeps the `=` of a param written `name=` with nothing after it, which goes out
 * as written; absent, an empty value goes out as `name` alone, as a param written without `=` was written.
 */
export interface QueryParam extends KeyValue {
  equals?: true;
}

export interface MultipartPart {
  name: string;
  value?: string;
  file?: string;
  contentType?: string;
  /** As `KeyValue.enabled`: false keeps the part without sending it. */
  enabled?: boolean;
}

export type EndpointBody =
  | { mode: 'none' }
  | { mode: 'json'; text: string }
  | { mode: 'text'; text: string }
  | { mode: 'urlencoded'; fields: KeyValue[] }
  | { mode: 'multipart'; parts: MultipartPart[] }
  | { mode: 'file'; path: string }
  | GraphqlBody;

/**
 * A GraphQL operation, sent as the JSON document GraphQL servers read over HTTP. `variables` is JSON text as
 * written (empty sends none), so `{{variables}}` and numbers keep their spelling until the request is built.
 */
export interface GraphqlBody {
  mode: 'graphql';
  query: string;
  variables: string;
  operationName?: string;
}

/**
 * OAuth 2.0, sent as a bearer token the app obtains. Client credentials (no `grant`, as stored before the
 * authorization code grant existed): fetched from `tokenUrl` with the client's own credentials. Authorization
 * code: the person signs in through the system browser (PKCE, a loopback redirect); the tokens are kept
 * encrypted by the app and refreshed before they expire. `clientSecret` may be empty for a public client.
 */
export type OAuth2Auth =
  | {
      type: 'oauth2';
      grant?: 'clientCredentials';
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scope: string;
    }
  | {
      type: 'oauth2';
      grant: 'authorizationCode';
      authorizationUrl: string;
      tokenUrl: string;
      clientId: string;
      clientSecret: string;
      scope: string;
    };

/** AWS Signature Version 4: the request is signed with these credentials when it is sent. */
export interface AwsSigV4Auth {
  type: 'awsSigV4';
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials' session token; empty for long-term keys. */
  sessionToken: string;
  region: string;
  service: string;
}

/** An auth a folder or the project can set for the endpoints under it. */
export type EndpointAuth =
  | { type: 'none' }
  | { type: 'basic'; username: string; password: string }
  | { type: 'digest'; username: string; password: string }
  | { type: 'bearer'; token: string }
  | { type: 'apiKey'; key: string; value: string; in: 'header' | 'query' }
  | OAuth2Auth
  | AwsSigV4Auth
  /** Whatever the folder it is in (or up the tree, the project) sets: what a new endpoint starts with. */
  | { type: 'inherit' };

/** An auth that says what to send: every kind but `inherit`, which a project's own auth can never be. */
export type ConcreteAuth = Exclude<EndpointAuth, { type: 'inherit' }>;

export interface Project {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectVariable {
  projectId: string;
  key: string;
  value: string;
  /** As `KeyValue.enabled`: false keeps the variable but leaves `{{key}}` undefined. */
  enabled?: boolean;
}

export interface Folder {
  id: string;
  projectId: string;
  /** Folders nest; null is the project root. */
  parentId: string | null;
  name: string;
  /** What the folder holds, as an imported collection describes it; absent when there is none. */
  description?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * JavaScript run around a request: before it is sent (`preRequest`) and after its response (`postResponse`, then
 * `tests`). An endpoint, a folder and the project each may hold scripts; a request runs the project's, then each
 * folder's from the outermost in, then its own. They run in a WebAssembly sandbox with Postman's `pm` and
 * Bruno's `bru`/`req`/`res`/`test`/`expect` APIs (and `insomnia`, Insomnia's name for `pm`) both available,
 * whatever `from` says. Imported scripts are kept exactly as written, so an export gives them back unchanged.
 */
export interface EndpointScripts {
  /**
   * The client the scripts were written for, each with its scripting API (`pm.*`, `bru.*`, `insomnia.*`): an
   * export to another client says which scripts need rewriting.
   */
  from: 'postman' | 'bruno' | 'insomnia';
  preRequest: string;
  postResponse: string;
  /** Postman's "test" script and Bruno's `tests` block: run after `postResponse`. */
  tests: string;
}

/** What an endpoint is made of, before it has an identity. */
export interface EndpointDraft {
  name: string;
  method: string;
  /** Path relative to the project's `{{base_url}}`, starting with `/`; `{{var}}` kept literally. */
  path: string;
  queryParams: QueryParam[];
  headers: KeyValue[];
  body: EndpointBody;
  auth: EndpointAuth;
  state: EndpointState;
  /** How this endpoint is sent where it differs from its project's defaults. */
  settings?: RequestSettingsOverride;
  /** What the endpoint is for, as its documentation says (Markdown as written); absent when there is none. */
  description?: string;
  /** Its own scripts, run after its folders' and project's; absent when there are none. */
  scripts?: EndpointScripts;
  /** Assertion rows checked against each response, in order; absent when there are none. */
  tests?: Assertion[];
  /** Named answers a mock replays and exports write back; absent when there are none. */
  examples?: EndpointExample[];
  /** What its API description says it accepts and answers (an imported OpenAPI operation); absent otherwise. */
  contract?: EndpointContract;
  /** What it speaks besides HTTP; absent for an HTTP request, what every endpoint was before kinds existed. */
  kind?: EndpointKind;
  /** A WebSocket endpoint's subprotocols and saved messages; absent when it has none. */
  websocket?: WebSocketSettings;
  /** How an MCP endpoint reaches its server; absent on every other endpoint. */
  mcp?: McpSettings;
}

export interface Endpoint extends EndpointDraft {
  id: string;
  projectId: string;
  folderId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Environment {
  id: string;
  projectId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * A variable of an environment. For a secret variable `value` holds the ciphertext written by
 * `@client/secrets`; only that package can turn it back into plaintext.
 */
export interface EnvironmentVariable {
  environmentId: string;
  key: string;
  value: string;
  secret: boolean;
  /** As `KeyValue.enabled`: false keeps the variable but leaves `{{key}}` undefined. */
  enabled?: boolean;
  /**
   * For a secret: the hosts a request may carry it to (`request/allowed-hosts.ts`), normalized; empty, it goes
   * nowhere. Absent for a variable that is not secret.
   */
  allowedHosts?: string[];
}

/** One request sent from the app, kept so it can be reopened. */
export interface HistoryEntry {
  id: string;
  projectId: string | null;
  endpointId: string | null;
  method: string;
  url: string;
  requestHeaders: KeyValue[];
  requestBody: string | null;
  status: number | null;
  error: string | null;
  durationMs: number;
  responseSize: number;
  responseHeaders: KeyValue[];
  responseBody: string | null;
  /**
   * Set when `responseBody` holds only the first part of the body that arrived. Absent on entries recorded
   * before it was kept, where only comparing sizes can tell (and a masked secret can fool that).
   */
  responseCut?: boolean;
  /** Who asked for the send: the person in the app (absent on entries recorded before it was kept) or an agent. */
  sentBy?: 'person' | 'agent';
  sentAt: string;
}
