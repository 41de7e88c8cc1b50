import type { EndpointListing, ImportRequest, ImportResult, ProjectListing } from '@client/core';

/** What the control plane's routes read and write; `storeHandlers` backs them with the SQLite store. */
export interface AgentHandlers {
  listProjects(): ProjectListing[];
  /** Throws NOT_FOUND when the project does not exist. */
  listEndpoints(projectId: string): EndpointListing[];
  /** The one write: import a cURL command as an endpoint (DESIGN §4 import rules). */
  importCurl(request: ImportRequest): ImportResult;
}
