import type { ConcreteAuth, EndpointDraft, KeyValue, RequestSettings, RunItem, ScriptLevel } from '@client/core';
import type { ScopeVariable } from '@client/http';

/** One request of a run, with everything it takes from above it. */
export interface PlannedRequest {
  item: RunItem;
  /** The endpoint as saved, with the auth it is sent with (its own, or the one its folder or project sets). */
  endpoint: EndpointDraft & { auth: ConcreteAuth };
  /** The scripts of the project and of the folders above it, in the order they run: the project first. */
  levels: ScriptLevel[];
  /** The project's request settings with the endpoint's over them. */
  settings: RequestSettings;
}

/**
 * What a run sends, read by its caller from a project (or from a collection file): the runner reads no store and
 * decrypts nothing.
 */
export interface RunPlan {
  /** The project, or the collection file, as reports name it. */
  collection: { id: string; name: string };
  /** The project's variables: Postman's collection variables. */
  variables: KeyValue[];
  /** The environment the run resolves variables in, its secrets decrypted; null for none. */
  environment: { id: string; name: string; variables: ScopeVariable[] } | null;
  /** Every request of one iteration, in the order they run. */
  requests: PlannedRequest[];
}
