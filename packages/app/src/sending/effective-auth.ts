import { AppError, type ConcreteAuth, type EndpointAuth, type InheritedAuth, resolveInheritedAuth } from '@client/core';
import type { Store } from '@client/store';

/**
 * What an endpoint in `folderId` (null: the project root) inherits: from its folder up to the project. A folder
 * deleted while an unsaved request in it was open leaves the project's.
 */
export function inheritedAuth(store: Store, projectId: string, folderId: string | null): InheritedAuth {
  let levels: ReturnType<Store['auth']['levels']>;
  try {
    levels = store.auth.levels(projectId, folderId);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND' || folderId === null) throw error;
    levels = store.auth.levels(projectId, null);
  }
  const found = resolveInheritedAuth(levels);
  if (found === null) throw new AppError('INTERNAL', 'a project was found without its own auth');
  return found;
}

/** The auth a request is sent with: its own, or for `inherit` the one its folder or project sets. */
export function effectiveAuth(
  store: Store,
  projectId: string,
  folderId: string | null,
  auth: EndpointAuth,
): ConcreteAuth {
  return auth.type === 'inherit' ? inheritedAuth(store, projectId, folderId).auth : auth;
}
