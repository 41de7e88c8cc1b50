import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { EndpointDraft, TreeProblem } from '@client/core';
import type { Store } from '@client/store';
import { type FSWatcher, watch } from 'chokidar';
import { type LinkResult, linkProject, openLinkedFolder } from './link-project.js';
import { linkedProblems, type PullOptions, pullLinkedFolder, pushLinkedFolder } from './linked-sync.js';

/**
 * Announced when a linked project's files changed on disk and the store took them in. A window holding unsaved
 * edits of an endpoint named in `changedEndpoints` asks the person which to keep: taking the file's is reloading the
 * endpoint; keeping theirs is saving it as usual (`PUT /api/endpoints/:id`), which writes it back to its file.
 */
export interface LinkedFilesChanged {
  projectId: string;
  folder: string;
  changedEndpoints: { endpointId: string; draft: EndpointDraft }[];
  deletedEndpoints: string[];
  /** Every file of the folder that cannot be read now, with why and where; each is left as it is. */
  problems: TreeProblem[];
}

export interface LinkedFoldersOptions {
  store: Store;
  /** Where a refresh from disk is announced. */
  onChange: (event: LinkedFilesChanged) => void;
  sealSecret?: PullOptions['sealSecret'];
  /** How long the folder stays quiet before it is read: a `git checkout` writes many files in a burst. */
  quietMs?: number;
  log?: (line: string) => void;
}

export interface LinkedFolders {
  link(projectId: string, folder: string): LinkResult;
  open(folder: string): LinkResult & { created: boolean };
  /** Reads what changed on disk now, before a read of the project (an agent's listing, a send). */
  refresh(projectId: string): void;
  /** Writes what changed in the store to the files of every linked project, soon. */
  scheduleWrite(): void;
  problems(projectId: string): TreeProblem[];
  /** Resolves once every watcher is ready: an edit made after it is seen. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_QUIET_MS = 40;

/** Hidden entries (`.git`, the temporary files of an atomic write) and node_modules are not the project's. */
function ignoredIn(folder: string) {
  return (path: string) => {
    const inside = relative(folder, path);
    return inside !== '' && inside.split(sep).some((part) => part.startsWith('.') || part === 'node_modules');
  };
}

/**
 * The app's linked folders: each is read at the start (what changed while the app was not running), then watched;
 * a change on disk is read after a quiet moment and announced, and what the window saves is written back. Reads and
 * writes run on this thread one at a time, so one never sees the other half done.
 */
export function startLinkedFolders(options: LinkedFoldersOptions): LinkedFolders {
  const { store, onChange } = options;
  const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  const log = options.log ?? (() => {});
  const pullOptions: PullOptions = options.sealSecret === undefined ? {} : { sealSecret: options.sealSecret };
  const watchers = new Map<string, { folder: string; watcher: FSWatcher; ready: Promise<void> }>();
  const pending = new Map<string, NodeJS.Timeout>();
  let writeTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const pull = (projectId: string) => {
    const link = store.linkedFolders.ofProject(projectId);
    if (link === undefined || !existsSync(link.folder)) return;
    try {
      const outcome = pullLinkedFolder(store, projectId, pullOptions);
      if (outcome === null) return;
      const { changedEndpoints, deletedEndpoints, problems } = outcome;
      onChange({ projectId, folder: link.folder, changedEndpoints, deletedEndpoints, problems });
      // A file added by hand gets its seq, and a renamed request its file name, as the app writes them.
      pushLinkedFolder(store, projectId);
    } catch (error) {
      log(`reading ${link.folder} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const schedulePull = (projectId: string) => {
    if (closed) return;
    clearTimeout(pending.get(projectId));
    pending.set(
      projectId,
      setTimeout(() => {
        pending.delete(projectId);
        pull(projectId);
      }, quietMs),
    );
  };

  const writeAll = () => {
    for (const { projectId, folder } of store.linkedFolders.list()) {
      if (!existsSync(folder)) continue;
      if (watchers.get(projectId)?.folder !== folder) {
        // Linked by another process (`client project link` beside the running app): read, then watched from now on.
        watchFolder(projectId, folder);
        pull(projectId);
        continue;
      }
      try {
        pushLinkedFolder(store, projectId);
      } catch (error) {
        log(`writing ${folder} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  const watchFolder = (projectId: string, folder: string) => {
    const current = watchers.get(projectId);
    if (current?.folder === folder) return;
    if (current !== undefined) void current.watcher.close();
    const watcher = watch(folder, { ignoreInitial: true, ignored: ignoredIn(folder) });
    const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    watcher.on('all', () => schedulePull(projectId));
    watcher.on('error', (error) => log(`watching ${folder} failed: ${String(error)}`));
    watchers.set(projectId, { folder, watcher, ready });
  };

  for (const { projectId, folder } of store.linkedFolders.list()) {
    if (!existsSync(folder)) {
      log(`the linked folder ${folder} is missing; its project keeps what it had`);
      continue;
    }
    pull(projectId);
    watchFolder(projectId, folder);
  }

  return {
    link(projectId, folder) {
      const result = linkProject(store, projectId, folder, pullOptions);
      watchFolder(projectId, result.folder);
      return result;
    },
    open(folder) {
      const result = openLinkedFolder(store, folder, pullOptions);
      watchFolder(result.projectId, result.folder);
      return result;
    },
    refresh(projectId) {
      if (store.linkedFolders.ofProject(projectId) !== undefined) pull(projectId);
    },
    scheduleWrite() {
      if (closed || writeTimer !== null) return;
      writeTimer = setTimeout(() => {
        writeTimer = null;
        writeAll();
      }, 0);
    },
    problems: (projectId) => linkedProblems(store, projectId),
    async ready() {
      await Promise.all([...watchers.values()].map(({ ready }) => ready));
    },
    async close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      if (writeTimer !== null) clearTimeout(writeTimer);
      await Promise.all([...watchers.values()].map(({ watcher }) => watcher.close()));
    },
  };
}
