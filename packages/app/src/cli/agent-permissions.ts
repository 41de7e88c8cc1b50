import { type AgentPermission, AppError } from '@client/core';
import { ensureDataDir } from '@client/local';
import { openStore, type Store } from '@client/store';
import type { CliInstall } from './install-location.js';

/** The longest standing permission the command line gives: a working day, not an open door. */
const MAX_MINUTES = 24 * 60;

function withStore<T>(install: CliInstall, work: (store: Store) => T): T {
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/** A project by id, or by name (ignoring case) when the name is unique. */
function findProject(store: Store, idOrName: string): string {
  if (store.projects.get(idOrName) !== undefined) return idOrName;
  const named = store.projects.list().filter((project) => project.name.toLowerCase() === idOrName.toLowerCase());
  const [only] = named;
  if (only !== undefined && named.length === 1) return only.id;
  if (named.length > 1) {
    const candidates = named.map((project) => `${project.name} (${project.id})`).join(', ');
    throw new AppError('VALIDATION', `several projects are named "${idOrName}": ${candidates}; pass the id instead`);
  }
  throw new AppError('NOT_FOUND', `no project has the id or name "${idOrName}"; client project list shows them`);
}

export function readMinutes(text: string | undefined): number {
  const minutes = text === undefined ? Number.NaN : Number(text);
  if (!/^\d+$/.test(text ?? '') || !Number.isSafeInteger(minutes) || minutes < 1 || minutes > MAX_MINUTES) {
    throw new AppError('VALIDATION', `--minutes must be a whole number of minutes from 1 to ${MAX_MINUTES}`);
  }
  return minutes;
}

/**
 * `client agent allow`: agents may send any endpoint of the project without asking, for `minutes`. Written to the
 * database, where a running app looks at every send.
 */
export function allowAgent(install: CliInstall, project: string, minutes: number): AgentPermission {
  return withStore(install, (store) =>
    store.agentPermissions.allowProject(
      findProject(store, project),
      new Date(Date.now() + minutes * 60_000).toISOString(),
    ),
  );
}

/** `client agent revoke`: every standing permission, or a project's, ends now; says how many there were. */
export function revokeAgent(install: CliInstall, project: string | undefined): { revoked: number } {
  return withStore(install, (store) => ({
    revoked: store.agentPermissions.revokeAll(project === undefined ? undefined : findProject(store, project)),
  }));
}

/** `client agent list`: the project permissions in force (an endpoint's lasts one run and belongs to the app). */
export function listAgentPermissions(install: CliInstall): AgentPermission[] {
  return withStore(install, (store) => store.agentPermissions.current(null));
}
