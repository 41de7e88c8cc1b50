import type { Assertion } from '../assertions/assertion.js';
import type { EndpointContract } from '../examples/contract.js';
import type { EndpointExample } from '../examples/example.js';
import type { WebSocketSettings } from '../kinds/websocket-settings.js';
import type { EndpointAuth, EndpointBody, EndpointDraft, EndpointScripts, KeyValue } from '../model.js';

/** The formats a collection can be imported from. */
export const COLLECTION_FORMATS = ['openapi', 'swagger', 'postman', 'insomnia', 'bruno', 'har'] as const;
export type CollectionFormat = (typeof COLLECTION_FORMATS)[number];

export interface PlannedVariable {
  key: string;
  value: string;
  secret: boolean;
  /** False for a variable the collection has switched off: kept, but undefined to requests. */
  enabled?: boolean;
}

export interface PlannedEnvironment {
  name: string;
  variables: PlannedVariable[];
}

export interface PlannedRequest {
  /** Names of the folders from the project root down; empty for the root. */
  folder: string[];
  draft: EndpointDraft;
}

interface PlannedFolderDescription {
  /** The folder, as in `ImportPlan.folders`. */
  path: string[];
  description: string;
}

interface PlannedFolderScripts {
  /** The folder, as in `ImportPlan.folders`. */
  path: string[];
  scripts: EndpointScripts;
}

export interface SkippedItem {
  item: string;
  reason: string;
}

/**
 * Everything an import would create, read from a collection before anything is written: the store writes it
 * in one transaction, the UI shows it as the preview.
 */
export interface ImportPlan {
  format: CollectionFormat;
  /**
   * `collection` creates or fills a project; `environment` (a Postman environment file) only adds environments,
   * so it needs a project to go into.
   */
  kind: 'collection' | 'environment';
  /** The name a new project gets. */
  name: string;
  description: string;
  /** The value of the project's `base_url`; null when the collection does not say where it is served. */
  baseUrl: string | null;
  /** Project variables besides `base_url`. */
  variables: KeyValue[];
  /** Every folder as its path of names, parents before children. */
  folders: string[][];
  /** The folders the collection describes, and how. */
  folderDescriptions: PlannedFolderDescription[];
  /** The scripts the collection runs around every request: the project's. */
  scripts?: EndpointScripts;
  /** The folders that run scripts around the requests in them. */
  folderScripts: PlannedFolderScripts[];
  endpoints: PlannedRequest[];
  environments: PlannedEnvironment[];
  skipped: SkippedItem[];
  warnings: string[];
}

/** A request as a collection writes it, its URL whole; the plan splits it against the project's `base_url`. */
export interface CollectedRequest {
  folder: string[];
  name: string;
  method: string;
  url: string;
  headers: KeyValue[];
  /** Query params the collection keeps switched off, which its URL leaves out; added after the URL's own. */
  disabledQuery?: KeyValue[];
  body: EndpointBody;
  auth: EndpointAuth;
  description?: string;
  scripts?: EndpointScripts;
  tests?: Assertion[];
  /** Saved or described answers; names may repeat and bad ones are left out, the plan says which. */
  examples?: EndpointExample[];
  contract?: EndpointContract;
  /** A WebSocket request: kept at its own ws(s) URL, never under the collection's base URL. */
  kind?: 'websocket';
  websocket?: WebSocketSettings;
}
