import type { GraphqlSchemaAnswer } from '@client/core';
import { api } from '../api/client.js';
import type { AuthPlace } from '../components/auth-place.js';
import type { EditorDraft } from './draft.js';
import { normalizePath } from './url-editing.js';

/** Asks the app for the schema of the GraphQL endpoint a draft sends to, with its headers, auth and environment. */
export function introspect(
  draft: EditorDraft,
  place: AuthPlace,
  endpointId: string | null,
  refresh: boolean,
): Promise<GraphqlSchemaAnswer> {
  const { folderId: _folder, ...request } = draft;
  return api.graphqlSchema({
    refresh,
    send: {
      requestId: crypto.randomUUID(),
      projectId: place.projectId,
      endpointId,
      environmentId: place.environmentId,
      folderId: place.folderId,
      request: { ...request, path: normalizePath(request.path) },
    },
  });
}
