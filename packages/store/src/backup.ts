import {
  AppError,
  type Endpoint,
  type EndpointAuth,
  type EndpointScripts,
  type EnvironmentVariable,
  type Folder,
  fileReferences,
  type HistoryEntry,
  type KeyValue,
  type Project,
  type RequestSettingsOverride,
} from '@client/core';
import type { Store } from './store.js';

export const BACKUP_FORMAT = 'client-backup';
export const BACKUP_VERSION = 1;

interface BackupEnvironment {
  id: string;
  name: string;
  active: boolean;
  /** Secret values are the store's ciphertext here; the app replaces them before the file is written. */
  variables: Omit<EnvironmentVariable, 'environmentId'>[];
}

export interface BackupProject {
  project: Project;
  requestSettings: RequestSettingsOverride;
  /** The auth the project sets for the endpoints that inherit it; absent from backups made before it existed. */
  auth?: EndpointAuth;
  /** The scripts the project runs around every request; absent when it has none. */
  scripts?: EndpointScripts;
  variables: KeyValue[];
  /**
   * Each with the auth it sets for the endpoints inside (absent: inherit, as in backups made before it) and the
   * scripts it runs around them (absent: none).
   */
  folders: (Folder & { auth?: EndpointAuth; scripts?: EndpointScripts })[];
  endpoints: Endpoint[];
  /** The ids of the endpoints an agent wrote that no person has saved since; absent from backups made before. */
  agentWritten?: string[];
  environments: BackupEnvironment[];
  history: HistoryEntry[];
}

export interface BackupData {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  projects: BackupProject[];
}

/** Every project with its folders, endpoints, environments and history, read in one snapshot. */
export function readBackup(store: Store): BackupData {
  return store.read(() => ({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    projects: store.projects.list().map((project) => {
      const active = store.environments.getActive(project.id)?.id;
      const scripts = store.scripts.ofProject(project.id);
      const endpoints = store.endpoints.list(project.id);
      return {
        project,
        requestSettings: store.projects.requestSettings(project.id),
        auth: store.auth.ofProject(project.id),
        ...(scripts === undefined ? {} : { scripts }),
        variables: store.variables.list(project.id).map(({ projectId: _p, ...variable }) => variable),
        folders: store.folders.list(project.id).map((folder) => {
          const folderScripts = store.scripts.ofFolder(folder.id);
          return {
            ...folder,
            auth: store.auth.ofFolder(folder.id),
            ...(folderScripts === undefined ? {} : { scripts: folderScripts }),
          };
        }),
        endpoints,
        agentWritten: endpoints.filter((endpoint) => store.agentWritten.has(endpoint.id)).map(({ id }) => id),
        environments: store.environments.list(project.id).map((environment) => ({
          id: environment.id,
          name: environment.name,
          active: environment.id === active,
          variables: store.environmentVariables
            .list(environment.id)
            .map(({ environmentId: _e, ...variable }) => variable),
        })),
        history: store.history.list({ projectId: project.id, limit: 1_000_000 }),
      };
    }),
  }));
}

export interface RestoreSummary {
  projects: { projectId: string; name: string; endpoints: number }[];
  warnings: string[];
}

function uniqueName(store: Store, name: string): string {
  const taken = new Set(store.projects.list().map((project) => project.name.toLowerCase()));
  let chosen = name;
  for (let n = 2; taken.has(chosen.toLowerCase()); n++) chosen = `${name} (restored ${n})`;
  return chosen;
}

/** Parents before children, so each folder's parent exists when it is created. */
function foldersInOrder<T extends Folder>(folders: readonly T[]): T[] {
  const ordered: T[] = [];
  const placed = new Set<string | null>([null]);
  let remaining = [...folders];
  while (remaining.length > 0) {
    const ready = remaining.filter((folder) => placed.has(folder.parentId));
    if (ready.length === 0)
      throw new AppError('VALIDATION', 'the backup has folders whose parent is missing or that contain each other');
    for (const folder of ready) {
      ordered.push(folder);
      placed.add(folder.id);
    }
    remaining = remaining.filter((folder) => !placed.has(folder.id));
  }
  return ordered;
}

/**
 * Restores a backup as new projects in one transaction: every id is new (so a restore beside the originals, or
 * twice, never collides) and references between folders, endpoints, environments and history follow the new
 * ids. `secretValue` gives the store ciphertext for a secret variable, or undefined to leave it empty.
 */
export function restoreBackup(
  store: Store,
  backup: BackupData,
  secretValue: (projectIndex: number, environmentId: string, key: string) => string | undefined,
): RestoreSummary {
  const summary: RestoreSummary = { projects: [], warnings: [] };
  store.transaction(() => {
    for (const [index, saved] of backup.projects.entries()) {
      const project = store.projects.create({
        name: uniqueName(store, saved.project.name),
        description: saved.project.description,
      });
      store.projects.setRequestSettings(project.id, saved.requestSettings);
      if (saved.auth !== undefined) store.auth.setProject(project.id, saved.auth);
      if (saved.scripts !== undefined) store.scripts.setProject(project.id, saved.scripts);
      for (const { key, value, enabled } of saved.variables) store.variables.set(project.id, key, value, enabled);
      const folderIds = new Map<string, string>();
      for (const folder of foldersInOrder(saved.folders)) {
        const parentId = folder.parentId === null ? null : (folderIds.get(folder.parentId) ?? null);
        const description = folder.description ?? '';
        const created = store.folders.create({ projectId: project.id, name: folder.name, parentId, description });
        if (folder.auth !== undefined) store.auth.setFolder(created.id, folder.auth);
        if (folder.scripts !== undefined) store.scripts.setFolder(created.id, folder.scripts);
        folderIds.set(folder.id, created.id);
      }
      const endpointIds = new Map<string, string>();
      const agentWritten = new Set(saved.agentWritten ?? []);
      for (const endpoint of saved.endpoints) {
        const folderId = endpoint.folderId === null ? null : (folderIds.get(endpoint.folderId) ?? null);
        const { id, projectId: _p, folderId: _f, createdAt: _c, updatedAt: _u, ...draft } = endpoint;
        const created = store.endpoints.create(project.id, folderId, draft);
        // A backup file is only as trusted as whoever could write it, and a yes given before says nothing about
        // what it names now: each file an endpoint uploads waits for the person's yes again.
        store.unconfirmedUploads.add(created.id, fileReferences(draft.body));
        // An agent's request stays the agent's: a standing permission does not cover sending it with a secret.
        if (agentWritten.has(id)) store.agentWritten.mark(created.id);
        endpointIds.set(id, created.id);
      }
      for (const environment of saved.environments) {
        const created = store.environments.create({ projectId: project.id, name: environment.name });
        for (const variable of environment.variables) {
          if (!variable.secret) {
            store.environmentVariables.set(created.id, variable);
            continue;
          }
          const value = secretValue(index, environment.id, variable.key);
          if (value === undefined)
            summary.warnings.push(
              `${project.name} / ${environment.name}: secret ${variable.key} was not in the backup and is empty`,
            );
          if (value !== undefined) store.environmentVariables.set(created.id, { ...variable, value, secret: true });
        }
        if (environment.active) store.environments.setActive(project.id, created.id);
      }
      for (const entry of [...saved.history].reverse()) {
        const { id: _id, ...rest } = entry;
        store.history.add({
          ...rest,
          projectId: project.id,
          endpointId: entry.endpointId === null ? null : (endpointIds.get(entry.endpointId) ?? null),
        });
      }
      summary.projects.push({ projectId: project.id, name: project.name, endpoints: saved.endpoints.length });
    }
  });
  return summary;
}
