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

function requireProject(store: Store, projectId: string): void {
  if (store.projects.get(projectId) === undefined) {
    throw new AppError(
      'NOT_FOUND',
      `no project has projectId "${projectId}"; list projects (GET /agent/projects or list_projects) and use one of their projectId values`,
    );
  }
}

/** The control plane's routes backed by the SQLite store; `sendEndpoint` is the app's to add. */
export function storeHandlers(store: Store, options: StoreHandlerOptions = {}): AgentHandlers {
  return {
    listProjects: () => store.listProjectSummaries(),
    listEndpoints(projectId) {
      requireProject(store, projectId);
      return store.endpoints.listings(projectId, store.variables.get(projectId, BASE_URL_VARIABLE) ?? null);
    },
    listEndpointsJson(projectId) {
      requireProject(store, projectId);
      return store.endpoints.listingsJson(projectId, store.variables.get(projectId, BASE_URL_VARIABLE) ?? null);
    },
    listFolders(projectId) {
      requireProject(store, projectId);
      return store.folders
        .list(projectId)
        .map((folder) => ({ folderId: folder.id, projectId, parentId: folder.parentId, name: folder.name }));
    },
    listEnvironments(projectId) {
      requireProject(store, projectId);
      const active = store.environments.getActive(projectId)?.id ?? null;
      return store.environments.list(projectId).map((environment) => ({
        environmentId: environment.id,
        projectId,
        name: environment.name,
        active: environment.id === active,
        variables: store.environmentVariables
          .list(environment.id)
          .map((variable) => ({ name: variable.key, secret: variable.secret })),
      }));
    },
    importCurl(request, parsed, writtenBy = 'agent') {
      // The store's import code path (plan, one transaction) every importer uses, after the parse.
      const { endpoint, baseUrl, warning, curlWarnings } = store.importParsedCurl(request, parsed, writtenBy);
      options.onEndpointImported?.({ projectId: endpoint.projectId, endpointId: endpoint.id, name: endpoint.name });
      return toImportResult(endpoint, baseUrl, { warning, curlWarnings });
    },
  };
}
