import type { EndpointListing, ImportRequest, ImportResult, ParsedCurl, ProjectListing } from '@client/core';

/** What the control plane's routes read and write; `storeHandlers` backs them with the SQLite store. */
export interface AgentHandlers {
  listProjects(): ProjectListing[];
  /** Throws NOT_FOUND when the project does not exist. */
  listEndpoints(projectId: string): EndpointListing[];
  /**
   * The one write: import a cURL command as an endpoint (DESIGN §4 import rules). `parsed` is
   * `parseCurl(command)`, done on a reader thread, which keeps the command text.
   */
  importCurl(request: Omit<ImportRequest, 'command'>, parsed: ParsedCurl): ImportResult;
}
