import { endpointFileText, FOLDER_FILE } from '@client/core';
import type { Store } from '@client/store';
import { hashOf, statDiskFile, writeDiskFile } from './folder-files.js';
import type { PushOutcome } from './linked-sync.js';

const directoryOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/**
 * Writes the files of just these endpoints of a linked project, when each is one whose file the index knows, read
 * without a problem, with its seq, and the endpoint keeps that file's name and folder: its one file is rendered and
 * written (when its text changed), not the whole tree. Undefined, before anything is written, when that cannot be
 * (a new, deleted, renamed or moved endpoint), and the caller writes the whole project. An endpoint of another
 * project is none of this folder's business.
 */
export function pushEndpointFiles(
  store: Store,
  projectId: string,
  folder: string,
  endpointIds: Iterable<string>,
): PushOutcome | undefined {
  const writes: { path: string; text: string; known: NonNullable<ReturnType<Store['linkedFolders']['file']>> }[] = [];
  const outcome: PushOutcome = { written: [], removed: [], skipped: [] };
  for (const endpointId of endpointIds) {
    const row = store.endpoints.get(endpointId);
    if (row === undefined) return undefined;
    if (row.projectId !== projectId) continue;
    const known = store.linkedFolders.fileOfEntity(projectId, endpointId);
    if (known?.kind !== 'endpoint' || known.problem !== null || known.seq === null || known.name !== row.name) {
      return undefined;
    }
    const directory = directoryOf(known.path);
    const folderId =
      directory === '' ? null : store.linkedFolders.file(projectId, `${directory}/${FOLDER_FILE}`)?.entityId;
    if (folderId !== row.folderId) return undefined;
    const { id: _id, projectId: _project, folderId: _folder, createdAt: _created, updatedAt: _updated, ...draft } = row;
    writes.push({ path: known.path, text: endpointFileText(draft, known.seq), known });
  }
  for (const { path, text, known } of writes) {
    const hash = hashOf(text);
    if (hash === known.hash) continue;
    const onDisk = statDiskFile(folder, path);
    if (onDisk === undefined || onDisk.size !== known.size || onDisk.mtimeMs !== known.mtimeMs) {
      // Changed on disk since it was read: the person's (or git's) text stays, and the watcher reads it.
      outcome.skipped.push(path);
      continue;
    }
    const written = writeDiskFile(folder, path, text);
    store.linkedFolders.putFile(projectId, { ...known, hash, size: written.size, mtimeMs: written.mtimeMs });
    outcome.written.push(path);
  }
  return outcome;
}
