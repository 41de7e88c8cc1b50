import {
  type EndpointDraft,
  FOLDER_FILE,
  filesToTree,
  layoutOfTree,
  PROJECT_FILE,
  type ProjectTree,
  type TreePlace,
  type TreeProblem,
  treeToFiles,
} from '@client/core';
import { applyProjectTree, type LinkedFile, readProjectTree, type Store } from '@client/store';
import { dropCopiedSeqs } from './copied-seqs.js';
import {
  type DiskFile,
  hashOf,
  listFolderFiles,
  readDiskFile,
  removeDiskFile,
  statDiskFile,
  writeDiskFile,
} from './folder-files.js';

/** What a refresh from the files changed in the store. */
export interface PullOutcome {
  /** Whether any row changed. */
  changed: boolean;
  /** Files that could not be read (or saved), each left as it is, its request as it was. */
  problems: TreeProblem[];
  /** Endpoints whose content or place the files changed, with what the files say now. */
  changedEndpoints: { endpointId: string; draft: EndpointDraft }[];
  deletedEndpoints: string[];
}

export interface PullOptions {
  /** Read every file even when none changed size or time since the last read. */
  force?: boolean;
  /** Seals the empty value of a secret this machine holds no value of yet. */
  sealSecret?: (plaintext: string) => string;
}

const folderFileOf = (directory: string): string => `${directory}/${FOLDER_FILE}`;
const directoryOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')));
type FileStat = Pick<LinkedFile, 'size' | 'mtimeMs'>;
const sameStat = (a: DiskFile | undefined, b: FileStat | undefined): boolean =>
  a !== undefined && b !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** Whether any file of the folder was added, removed or touched since the index was written. */
function folderMoved(disk: readonly DiskFile[], index: readonly (FileStat & { path: string })[]): boolean {
  if (disk.length !== index.length) return true;
  const known = new Map(index.map((file) => [file.path, file]));
  return disk.some((file) => !sameStat(file, known.get(file.path)));
}

function linkOf(store: Store, projectId: string): string {
  const link = store.linkedFolders.ofProject(projectId);
  if (link === undefined) throw new Error(`project ${projectId} is not linked to a folder`);
  return link.folder;
}

/**
 * Brings a linked project's rows to what its folder's files say (the folder is the source of truth). Cheap when
 * nothing moved: one `stat` a file, compared with the index; null then. A file that does not parse is listed and
 * left untouched, and its request, folder or environment stays as it was.
 */
export function pullLinkedFolder(store: Store, projectId: string, options: PullOptions = {}): PullOutcome | null {
  const folder = linkOf(store, projectId);
  const disk = listFolderFiles(folder);
  // The check reads each file's size and time alone from the index; the whole index only when something moved.
  if (options.force !== true && !folderMoved(disk, store.linkedFolders.fileStats(projectId))) return null;
  const index = store.linkedFolders.files(projectId);

  const read = disk.flatMap((file) => {
    const found = readDiskFile(folder, file.path);
    return found === undefined ? [] : [found];
  });
  const { tree, problems } = filesToTree(new Map(read.map((file) => [file.path, file.text])));
  const indexed = new Map(index.map((file) => [file.path, file]));
  dropCopiedSeqs(tree, indexed);
  const broken = new Set(problems.map((problem) => problem.file));
  const before = readProjectTree(store, projectId);
  if (broken.has(PROJECT_FILE) || !read.some((file) => file.path === PROJECT_FILE))
    keepProjectFields(tree, before.tree);

  const idAt = (path: string | undefined) =>
    path === undefined ? undefined : (indexed.get(path)?.entityId ?? undefined);
  const keep = new Set<string>();
  for (const path of broken) {
    const id = indexed.get(path)?.entityId;
    if (id !== null && id !== undefined) keep.add(id);
  }
  const applied = applyProjectTree(store, projectId, tree, {
    known: {
      folders: tree.folders.map((entry) =>
        idAt(entry.place?.path === undefined ? undefined : folderFileOf(entry.place.path)),
      ),
      endpoints: tree.endpoints.map((entry) => idAt(entry.place?.path)),
      environments: tree.environments.map((entry) => idAt(entry.place?.path)),
    },
    keep,
    ...(options.sealSecret === undefined ? {} : { sealSecret: options.sealSecret }),
  });
  for (const { index: position, message } of applied.refused) {
    const path = tree.endpoints[position]?.place?.path;
    if (path !== undefined) problems.push({ file: path, message });
  }

  const entities = new Map<string, Pick<LinkedFile, 'kind' | 'entityId' | 'name' | 'seq'>>();
  entities.set(PROJECT_FILE, { kind: 'project', entityId: null, name: null, seq: null });
  for (const [position, entry] of tree.folders.entries()) {
    if (entry.place?.path === undefined) continue;
    entities.set(folderFileOf(entry.place.path), {
      kind: 'folder',
      entityId: applied.ids.folders[position] ?? null,
      name: entry.path.at(-1) ?? null,
      seq: entry.place.seq ?? null,
    });
  }
  for (const [position, entry] of tree.endpoints.entries()) {
    const id = applied.ids.endpoints[position];
    if (entry.place?.path === undefined || id === undefined || id === '') continue;
    entities.set(entry.place.path, {
      kind: 'endpoint',
      entityId: id,
      name: entry.endpoint.name,
      seq: entry.place.seq ?? null,
    });
  }
  for (const [position, entry] of tree.environments.entries()) {
    if (entry.place?.path === undefined) continue;
    entities.set(entry.place.path, {
      kind: 'environment',
      entityId: applied.ids.environments[position] ?? null,
      name: entry.name,
      seq: entry.place.seq ?? null,
    });
  }
  const problemAt = new Map(problems.map((problem) => [problem.file, problem]));
  store.linkedFolders.replaceFiles(
    projectId,
    read.map((file) => {
      const problem = problemAt.get(file.path);
      // A file that could not be read keeps what it held before: its entity stays, and so does the link to it.
      const entity = entities.get(file.path) ??
        indexed.get(file.path) ?? { kind: 'other', entityId: null, name: null, seq: null };
      return {
        path: file.path,
        kind: entity.kind,
        entityId: entity.entityId,
        name: entity.name,
        hash: hashOf(file.text),
        size: file.size,
        mtimeMs: file.mtimeMs,
        seq: entity.seq,
        problem: problem?.message ?? null,
        problemLine: problem?.line ?? null,
      };
    }),
  );
  return { changed: applied.changed, problems, ...endpointChanges(before, readProjectTree(store, projectId)) };
}

/** The project file could not be read (or is missing): the project keeps its own name, settings and variables. */
function keepProjectFields(tree: ProjectTree, current: ProjectTree): void {
  tree.name = current.name;
  tree.description = current.description;
  tree.requestSettings = current.requestSettings;
  tree.variables = current.variables;
  if (current.auth === undefined) delete tree.auth;
  else tree.auth = current.auth;
  if (current.scripts === undefined) delete tree.scripts;
  else tree.scripts = current.scripts;
}

function endpointChanges(
  before: ReturnType<typeof readProjectTree>,
  after: ReturnType<typeof readProjectTree>,
): Pick<PullOutcome, 'changedEndpoints' | 'deletedEndpoints'> {
  const was = new Map(before.ids.endpoints.map((id, position) => [id, before.tree.endpoints[position]]));
  const now = new Set(after.ids.endpoints);
  const changedEndpoints = after.ids.endpoints.flatMap((endpointId, position) => {
    const entry = after.tree.endpoints[position];
    if (entry === undefined) return [];
    const old = was.get(endpointId);
    return old !== undefined && JSON.stringify(old) === JSON.stringify(entry)
      ? []
      : [{ endpointId, draft: entry.endpoint }];
  });
  return { changedEndpoints, deletedEndpoints: before.ids.endpoints.filter((id) => !now.has(id)) };
}

export interface PushOutcome {
  written: string[];
  removed: string[];
  /** Files changed on disk since they were last read: left for the next refresh to read, not overwritten. */
  skipped: string[];
}

/**
 * Writes a linked project's rows to its folder: only the files whose text changes (saving an unchanged request
 * writes nothing), each atomically; files of deleted or renamed entities are removed. A file someone changed since
 * it was last read, or one that did not parse, is never overwritten: the next refresh reads it instead.
 */
export function pushLinkedFolder(store: Store, projectId: string): PushOutcome {
  const folder = linkOf(store, projectId);
  const index = store.linkedFolders.files(projectId);
  const { tree, ids } = readProjectTree(store, projectId);
  const byEntity = new Map(index.filter((file) => file.entityId !== null).map((file) => [file.entityId, file]));
  const placeOf = (id: string | undefined, name: string, path: (file: LinkedFile) => string): TreePlace | undefined => {
    const file = id === undefined ? undefined : byEntity.get(id);
    if (file === undefined) return undefined;
    // Renamed since it was written: the file is renamed after it. Otherwise it keeps its path, named by hand or not.
    return {
      ...(file.name === name ? { path: path(file) } : {}),
      ...(file.seq === null ? {} : { seq: file.seq }),
    };
  };
  tree.folders = tree.folders.map((entry, position) => {
    const place = placeOf(ids.folders[position], entry.path.at(-1) ?? '', (file) => directoryOf(file.path));
    return place === undefined ? entry : { ...entry, place };
  });
  tree.endpoints = tree.endpoints.map((entry, position) => {
    const place = placeOf(ids.endpoints[position], entry.endpoint.name, (file) => file.path);
    return place === undefined ? entry : { ...entry, place };
  });
  tree.environments = tree.environments.map((entry, position) => {
    const place = placeOf(ids.environments[position], entry.name, (file) => file.path);
    return place === undefined ? entry : { ...entry, place };
  });

  const files = treeToFiles(tree);
  const layout = layoutOfTree(tree);
  const entities = new Map<string, Pick<LinkedFile, 'kind' | 'entityId' | 'name' | 'seq'>>();
  entities.set(PROJECT_FILE, { kind: 'project', entityId: null, name: null, seq: null });
  const folderIds = new Map(tree.folders.map((entry, position) => [JSON.stringify(entry.path), ids.folders[position]]));
  for (const [position, entry] of layout.folders.entries()) {
    const place = layout.folderPlaces[position];
    if (place === undefined) continue;
    entities.set(folderFileOf(place.path), {
      kind: 'folder',
      entityId: folderIds.get(JSON.stringify(entry.path)) ?? null,
      name: entry.path.at(-1) ?? null,
      seq: place.seq,
    });
  }
  for (const [position, place] of layout.endpointPlaces.entries()) {
    entities.set(place.path, {
      kind: 'endpoint',
      entityId: ids.endpoints[position] ?? null,
      name: tree.endpoints[position]?.endpoint.name ?? null,
      seq: place.seq,
    });
  }
  for (const [position, place] of layout.environmentPlaces.entries()) {
    entities.set(place.path, {
      kind: 'environment',
      entityId: ids.environments[position] ?? null,
      name: tree.environments[position]?.name ?? null,
      seq: place.seq,
    });
  }

  const indexed = new Map(index.map((file) => [file.path, file]));
  const next = new Map<string, LinkedFile>();
  const outcome: PushOutcome = { written: [], removed: [], skipped: [] };
  for (const [path, text] of files) {
    const hash = hashOf(text);
    const known = indexed.get(path);
    const entity = entities.get(path) ?? { kind: 'other' as const, entityId: null, name: null, seq: null };
    const onDisk = statDiskFile(folder, path);
    if (known !== undefined && (known.problem !== null || !sameStat(onDisk, known))) {
      // Broken, or changed since it was read: the person's (or git's) text stays; the next refresh reads it.
      next.set(path, known);
      if (known.problem === null) outcome.skipped.push(path);
      continue;
    }
    if (known === undefined && onDisk !== undefined && readDiskFile(folder, path)?.text !== text) {
      outcome.skipped.push(path);
      continue;
    }
    if (known?.hash === hash) {
      next.set(path, { ...known, ...entity });
      continue;
    }
    const written = writeDiskFile(folder, path, text);
    outcome.written.push(path);
    next.set(path, {
      path,
      ...entity,
      hash,
      size: written.size,
      mtimeMs: written.mtimeMs,
      problem: null,
      problemLine: null,
    });
  }
  for (const known of index) {
    if (next.has(known.path)) continue;
    const onDisk = statDiskFile(folder, known.path);
    if (known.problem !== null || (onDisk !== undefined && !sameStat(onDisk, known))) {
      next.set(known.path, known);
      continue;
    }
    removeDiskFile(folder, known.path);
    outcome.removed.push(known.path);
  }
  store.linkedFolders.replaceFiles(projectId, [...next.values()]);
  return outcome;
}

/** The files of a linked project that could not be read, as the last refresh found them. */
export function linkedProblems(store: Store, projectId: string): TreeProblem[] {
  return store.linkedFolders.problemFiles(projectId).flatMap((file) =>
    file.problem === null
      ? []
      : [
          {
            file: file.path,
            message: file.problem,
            ...(file.problemLine === null ? {} : { line: file.problemLine }),
          },
        ],
  );
}
