import {
  AppError,
  type Endpoint,
  effectiveSettings,
  type Folder,
  type RunOptions,
  readRequestSettings,
} from '@client/core';
import type { PlannedRequest, RunPlan } from '@client/runner';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import { effectiveAuth } from '../sending/effective-auth.js';
import { loadEnvironment } from '../sending/load-variable-scope.js';

/** The default time a request of a run may take, as a Send's. */
const RUN_TIMEOUT_MS = 60_000;

/**
 * The endpoints of a project (or of one folder) in the order a run takes them, as newman takes a collection's items:
 * depth first, a folder's endpoints and sub-folders interleaved by when each was created (a sub-folder where its
 * first endpoint was). An imported collection's endpoints are created in its own item order, so a run follows that
 * order; a folder's endpoints still run together (the tree shows them by name instead).
 */
function collectionOrder(folders: readonly Folder[], endpoints: readonly Endpoint[], root: string | null): Endpoint[] {
  const created = new Map(endpoints.map((endpoint, index) => [endpoint.id, index]));
  const firstCreated = (group: readonly Endpoint[]) => created.get(group[0]?.id ?? '') ?? 0;
  const subtree = (folderId: string | null): Endpoint[] => {
    const groups = endpoints.filter((endpoint) => endpoint.folderId === folderId).map((endpoint) => [endpoint]);
    for (const folder of folders) {
      if (folder.parentId !== folderId) continue;
      const inner = subtree(folder.id);
      if (inner.length > 0) groups.push(inner);
    }
    return groups.sort((a, b) => firstCreated(a) - firstCreated(b)).flat();
  };
  return subtree(root);
}

/** `order`'s endpoints in that order; each must be one of the run's. */
function inOrder(endpoints: readonly Endpoint[], order: readonly string[]): Endpoint[] {
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return order.map((id) => {
    const endpoint = byId.get(id);
    if (endpoint === undefined)
      throw new AppError('NOT_FOUND', `order names ${id}, which is not an endpoint this run covers`);
    return endpoint;
  });
}

function pathOf(folders: ReadonlyMap<string, Folder>, folderId: string | null): string[] {
  const path: string[] = [];
  for (let id = folderId; id !== null; ) {
    const folder = folders.get(id);
    if (folder === undefined) break;
    path.unshift(folder.name);
    id = folder.parentId;
  }
  return path;
}

/**
 * What a run of a saved project (or one of its folders) sends, read in one snapshot of the store: each endpoint with
 * the auth and scripts it takes from above, the project's settings under its own, and the environment's variables
 * (the active one unless the options name another) with its secrets decrypted.
 */
export async function planOfProject(
  store: Store,
  secrets: () => Promise<SecretBox>,
  options: RunOptions,
): Promise<RunPlan> {
  const { projectId } = options;
  const project = store.projects.get(projectId);
  if (project === undefined)
    throw new AppError('NOT_FOUND', `no project ${projectId}; list them with client project list`);
  const folders = store.folders.list(projectId);
  const folderById = new Map(folders.map((folder) => [folder.id, folder]));
  const root = options.folderId ?? null;
  if (root !== null && !folderById.has(root)) throw new AppError('NOT_FOUND', `no folder ${root} in ${project.name}`);
  // A run sends HTTP requests: endpoints of another kind (a WebSocket) are not part of it.
  const http = store.endpoints.list(projectId).filter((endpoint) => endpoint.kind === undefined);
  const covered = collectionOrder(folders, http, root);
  const endpoints = options.order === undefined ? covered : inOrder(covered, options.order);
  const projectSettings = { timeoutMs: RUN_TIMEOUT_MS, ...store.projects.requestSettings(projectId) };
  const requests = endpoints.map(
    (endpoint): PlannedRequest => ({
      item: { id: endpoint.id, name: endpoint.name, path: pathOf(folderById, endpoint.folderId) },
      endpoint: { ...endpoint, auth: effectiveAuth(store, projectId, endpoint.folderId, endpoint.auth) },
      levels: store.scripts.levels(projectId, endpoint.folderId),
      settings: effectiveSettings(
        projectSettings,
        endpoint.settings === undefined ? undefined : readRequestSettings(endpoint.settings, 'settings'),
      ),
    }),
  );
  const environmentId = options.environmentId ?? store.environments.getActive(projectId)?.id ?? null;
  const name = root === null ? project.name : [project.name, ...pathOf(folderById, root)].join(' / ');
  return {
    collection: { id: projectId, name },
    variables: store.variables.list(projectId),
    environment: environmentId === null ? null : await loadEnvironment(store, secrets, projectId, environmentId),
    requests,
  };
}
