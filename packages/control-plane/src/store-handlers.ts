import {
  AppError,
  BASE_URL_VARIABLE,
  type ImportRequest,
  parseCurl,
  planEndpoint,
  toEndpointListing,
  toImportResult,
} from '@client/core';
import type { ImportOutcome, Store } from '@client/store';
import type { AgentHandlers } from './agent-handlers.js';

/** Announced after an import has committed. */
export interface EndpointImportedEvent {
  projectId: string;
  endpointId: string;
  name: string;
}

export interface StoreHandlerOptions {
  /** Called after each committed import; the app relays it to the UI. */
  onEndpointImported?: (event: EndpointImportedEvent) => void;
}

/**
 * The one import code path: read the command (`parseCurl`), plan the endpoint, then choose the project,
 * apply the `base_url` rule and save, all in the store's single transaction.
 */
export function importCurl(store: Store, request: ImportRequest): ImportOutcome {
  const planned = planEndpoint(parseCurl(request.command), request.name);
  return store.importEndpoint({
    planned,
    ...(request.projectId === undefined ? {} : { projectId: request.projectId }),
    ...(request.folderId === undefined ? {} : { folderId: request.folderId }),
  });
}

/** The control plane's routes backed by the SQLite store. */
export function storeHandlers(store: Store, options: StoreHandlerOptions = {}): AgentHandlers {
  return {
    listProjects: () => store.listProjectSummaries(),
    listEndpoints(projectId) {
      if (store.projects.get(projectId) === undefined) {
        throw new AppError(
          'NOT_FOUND',
          `no project has projectId "${projectId}"; list projects with GET /agent/projects and use one of their projectId values`,
        );
      }
      const baseUrl = store.variables.get(projectId, BASE_URL_VARIABLE) ?? null;
      return store.endpoints.list(projectId).map((endpoint) => toEndpointListing(endpoint, baseUrl));
    },
    importCurl(request) {
      const { endpoint, baseUrl, warning } = importCurl(store, request);
      options.onEndpointImported?.({ projectId: endpoint.projectId, endpointId: endpoint.id, name: endpoint.name });
      return toImportResult(endpoint, baseUrl, warning);
    },
  };
}
