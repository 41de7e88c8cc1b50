import { AppError, BASE_URL_VARIABLE, toImportResult } from '@client/core';
import type { Store } from '@client/store';
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

/** The control plane's routes backed by the SQLite store. */
export function storeHandlers(store: Store, options: StoreHandlerOptions = {}): AgentHandlers {
  return {
    listProjects: () => store.listProjectSummaries(),
    listEndpoints(projectId) {
      if (store.projects.get(projectId) === undefined) {
        throw new AppError(
          'NOT_FOUND',
          `no project has projectId "${projectId}"; list projects (GET /agent/projects or list_projects) and use one of their projectId values`,
        );
      }
      return store.endpoints.listings(projectId, store.variables.get(projectId, BASE_URL_VARIABLE) ?? null);
    },
    importCurl(request, parsed) {
      // The store's import code path (plan, one transaction) every importer uses, after the parse.
      const { endpoint, baseUrl, warning, curlWarnings } = store.importParsedCurl(request, parsed);
      options.onEndpointImported?.({ projectId: endpoint.projectId, endpointId: endpoint.id, name: endpoint.name });
      return toImportResult(endpoint, baseUrl, { warning, curlWarnings });
    },
  };
}
