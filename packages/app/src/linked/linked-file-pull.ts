import { isAppError, readEndpointFile } from '@client/core';
import { applyEndpointFile, type LinkedFile, type Store } from '@client/store';
import { hashOf, readDiskFile } from './folder-files.js';
import { linkedProblems, type PullOutcome } from './linked-sync.js';

interface EndpointEdit {
  known: LinkedFile & { entityId: string };
  file: NonNullable<ReturnType<typeof readDiskFile>>;
  endpoint?: Parameters<typeof applyEndpointFile>[2];
}

/**
 * Reads just the files a watcher named, when each is a request file the index knows that still sits where it did,
 * still parses, and keeps its name and seq: its one row is updated and its one index entry rewritten, so an edit of
 * one file costs one file's read, not the folder's. Anything else (a file added, deleted or moved, a folder's,
 * environment's or the project's file, one that no longer parses, a rename) answers undefined before anything is
 * changed, and the caller reads the whole folder. Null when none of the files' text changed.
 */
export function pullChangedFiles(
  store: Store,
  projectId: string,
  folder: string,
  paths: readonly string[],
): PullOutcome | null | undefined {
  const edits: EndpointEdit[] = [];
  for (const path of paths) {
    const known = store.linkedFolders.file(projectId, path);
    if (known === undefined || known.kind !== 'endpoint' || known.entityId === null || known.problem !== null) {
      return undefined;
    }
    const file = readDiskFile(folder, path);
    // Gone, or empty: an in-place write seen between truncating the file and writing its text. The whole read,
    // after the folder is quiet, decides.
    if (file === undefined || file.text.trim() === '') return undefined;
    const edit: EndpointEdit = { known: { ...known, entityId: known.entityId }, file };
    if (hashOf(file.text) !== known.hash) {
      const read = readEndpointFile(file.text, path);
      if (read.problem !== undefined) return undefined;
      if (read.value.endpoint.name !== known.name || (read.value.seq ?? null) !== known.seq) return undefined;
      edit.endpoint = read.value.endpoint;
    }
    edits.push(edit);
  }
  const changedEndpoints: PullOutcome['changedEndpoints'] = [];
  try {
    store.transaction(() => {
      for (const { known, file, endpoint } of edits) {
        if (endpoint !== undefined && applyEndpointFile(store, known.entityId, endpoint)) {
          changedEndpoints.push({ endpointId: known.entityId, draft: endpoint });
        }
        store.linkedFolders.putFile(projectId, {
          ...known,
          hash: hashOf(file.text),
          size: file.size,
          mtimeMs: file.mtimeMs,
        });
      }
    });
  } catch (error) {
    // A field the store refuses: the whole read reports it on its file.
    if (isAppError(error)) return undefined;
    throw error;
  }
  if (!edits.some(({ endpoint }) => endpoint !== undefined)) return null;
  return {
    changed: changedEndpoints.length > 0,
    problems: linkedProblems(store, projectId),
    changedEndpoints,
    deletedEndpoints: [],
  };
}
