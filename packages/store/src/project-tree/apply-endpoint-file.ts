import type { EndpointDraft } from '@client/core';
import type { Store } from '../store.js';
import { draftOf, normalDraft, same, wholeChanges } from './apply-project-tree.js';

/**
 * One endpoint's row brought to what its file says now, in place (its folder and order stay): the incremental
 * counterpart of `applyProjectTree` for a single edited request file. Whether the row changed; an AppError (a
 * field the store refuses) is thrown and the row stays as it was.
 */
export function applyEndpointFile(store: Store, endpointId: string, endpoint: EndpointDraft): boolean {
  const row = store.endpoints.get(endpointId);
  if (row === undefined) return false;
  if (same(draftOf(row), normalDraft(endpoint))) return false;
  store.endpoints.update(endpointId, wholeChanges(endpoint));
  return true;
}
