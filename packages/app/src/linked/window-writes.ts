/** A write route of the window that succeeded, as the UI server announces it. */
export interface WindowWrite {
  method: string;
  /** The route's pattern, as `/api/endpoints/:endpointId`. */
  route: string;
  /** The endpoint the route names, when it names one. */
  endpointId?: string;
}

/** What a window write may have changed in a linked project's files. */
export type WrittenContent = { kind: 'none' } | { kind: 'endpoint'; endpointId: string } | { kind: 'any' };

/**
 * Routes that change nothing a project's files hold (requests, folders, environments, settings): sends and their
 * History entries, the window's own state, mocks, loads, sign-ins, agent permissions, dry runs. Any route not listed
 * may change the files, so a route added later is written back until it is listed here.
 */
const NOT_IN_FILES = new Set([
  'POST /api/send',
  'POST /api/send/:requestId/cancel',
  'DELETE /api/projects/:projectId/history',
  'PUT /api/projects/:projectId/open-tabs',
  'PUT /api/preferences',
  'PUT /api/projects/:projectId/cookies',
  'DELETE /api/projects/:projectId/cookies',
  'PUT /api/projects/:projectId/active-environment',
  'POST /api/environments/:environmentId/reveal',
  'POST /api/imports/preview',
  'POST /api/backup',
  'POST /api/loads',
  'POST /api/loads/:loadId/cancel',
  'POST /api/mocks',
  'DELETE /api/mocks/:mockId',
  'POST /api/oauth2/sign-ins',
  'POST /api/oauth2/forget',
  'POST /api/oauth2/token-status',
]);

/** Routes that change one endpoint's own file at most: a save of the editor, its examples. */
const ONE_ENDPOINT = new Set(['PUT /api/endpoints/:endpointId', 'POST /api/endpoints/:endpointId/examples']);

export function writtenContent(write: WindowWrite): WrittenContent {
  const key = `${write.method} ${write.route}`;
  if (NOT_IN_FILES.has(key) || write.route.startsWith('/api/agent/')) return { kind: 'none' };
  if (ONE_ENDPOINT.has(key) && write.endpointId !== undefined)
    return { kind: 'endpoint', endpointId: write.endpointId };
  return { kind: 'any' };
}
