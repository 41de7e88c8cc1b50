import type { EndpointTreeRow, Folder } from '@client/core';
import type { EndpointSummary, ProjectTree } from './types.js';

/** The tree's answer as the app sends it: each endpoint a row of values (see `EndpointTreeRow`). */
export interface TreeAnswer {
  folders: Folder[];
  endpoints: EndpointTreeRow[];
}

/** The tree's answer with each endpoint's row read into the summary the UI works with, in the order sent. */
export function readTreeAnswer(answer: TreeAnswer): ProjectTree {
  return {
    folders: answer.folders,
    endpoints: answer.endpoints.map(
      ([id, folderId, name, method, path, state, kind]): EndpointSummary => ({
        id,
        folderId,
        name,
        method,
        path,
        state,
        ...(kind === undefined ? {} : { kind }),
      }),
    ),
  };
}
