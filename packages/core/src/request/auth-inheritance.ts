import type { ConcreteAuth, EndpointAuth } from '../model.js';

/** Where an inherited auth is set: a folder or the project. */
export interface AuthSource {
  kind: 'folder' | 'project';
  id: string;
  name: string;
}

/** The auth an endpoint set to `inherit` is sent with, and who sets it. */
export interface InheritedAuth {
  auth: ConcreteAuth;
  from: AuthSource;
}

/** One level above an endpoint: its folder, the folders above it in turn, and the project last. */
export interface AuthLevel {
  source: AuthSource;
  auth: EndpointAuth;
}

/**
 * The auth the first level that sets one gives, walking up from the endpoint's folder to the project. A project
 * sets `none` unless told otherwise; one found set to `inherit` (which it cannot be) counts as `none`.
 */
export function resolveInheritedAuth(levels: readonly AuthLevel[]): InheritedAuth | null {
  for (const level of levels) {
    if (level.auth.type !== 'inherit') return { auth: level.auth, from: level.source };
    if (level.source.kind === 'project') return { auth: { type: 'none' }, from: level.source };
  }
  return null;
}
