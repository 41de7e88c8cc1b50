import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { EndpointDraft, TreeProblem } from '@client/core';
import type { Store } from '@client/store';
import { type FSWatcher, watch } from 'chokidar';
import { type DirectoryTimes, directoriesOf, directoriesUnchanged, directoryTimes } from './directory-times.js';
import { type LinkResult, linkProject, openLinkedFolder, type UnlinkResult, unlinkProject } from './link-project.js';
import { pushEndpointFiles } from './linked-endpoint-push.js';
import { pullChangedFiles } from './linked-file-pull.js';
import {
  linkedProblems,
  type PullOptions,
  type PullOutcome,
  pullLinkedFolder,
  pushLinkedFolder,
} from './linked-sync.js';

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
  /** Unlinks the project: its folder is no longer watched, and its files stay as they are. */
  unlink(projectId: string): UnlinkResult;
  /** Reads what changed on disk now, before a read of the project (an agent's listing, a send). */
  refresh(projectId: string): void;
  /**
   * Writes what changed in the store to the files of every linked project, soon: only the files of the endpoints
   * named, when the write is known to have changed just those; otherwise whatever changed.
   */
  scheduleWrite(endpointIds?: readonly string[]): void;
  problems(projectId: string): TreeProblem[];
  /** Resolves once every watcher is ready: an edit made after it is seen. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_QUIET_MS = 40;
/** More files named in one burst than this are read as the whole folder (a checkout, not an editor's saves). */
const MAX_NAMED_FILES = 64;
const YAML_FILE = /\.ya?ml$/i;

/** Hidden entries (`.git`, the temporary files of an atomic write) and node_modules are not the project's. */
function ignoredIn(folder: string) {
  return (path: string) => {
    const inside = relative(folder, path);
    return inside !== '' && inside.split(sep).some((part) => part.startsWith('.') || part === 'node_modules');
  };
}

/**
 * The app's linked folders: each is read at the start (what changed while the app was not running), then watched;
 * an edit of one file on disk is read and announced at once, a burst of changes after a quiet moment, and what the
 * window saves is written back. Reads and writes run on this thread one at a time, so one never sees the other
 * half done.
 */
export function startLinkedFolders(options: LinkedFoldersOptions): LinkedFolders {
  const { store, onChange } = options;
  const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  const log = options.log ?? (() => {});
  const pullOptions: PullOptions = options.sealSecret === undefined ? {} : { sealSecret: options.sealSecret };
  const watchers = new Map<string, { folder: string; watcher: FSWatcher; ready: Promise<void>; watching: boolean }>();
  /** Each watched folder's directory times as of its last read or write: what a refresh checks instead of every file. */
  const seenTimes = new Map<string, DirectoryTimes>();
  const bursts = new Map<string, { paths: Set<string>; whole: boolean; timer: NodeJS.Timeout | null }>();
  let writeTimer: NodeJS.Timeout | null = null;
  /** The endpoints the writes waiting to be written back named; null when one of them may have changed anything. */
  let namedWrites: Set<string> | null = new Set();
  let closed = false;

  const noteTimes = (projectId: string, folder: string) => {
    const paths = store.linkedFolders.fileStats(projectId).map(({ path }) => path);
    seenTimes.set(projectId, directoryTimes(folder, directoriesOf(paths)));
  };

  const announce = (projectId: string, folder: string, outcome: PullOutcome) => {
    const { changedEndpoints, deletedEndpoints, problems } = outcome;
    onChange({ projectId, folder, changedEndpoints, deletedEndpoints, problems });
  };

  const pull = (projectId: string) => {
    const link = store.linkedFolders.ofProject(projectId);
    if (link === undefined || !existsSync(link.folder)) return;
    try {
      const outcome = pullLinkedFolder(store, projectId, pullOptions);
      if (outcome !== null) {
        announce(projectId, link.folder, outcome);
        // A file added by hand gets its seq, and a renamed request its file name, as the app writes them.
        pushLinkedFolder(store, projectId);
      }
      noteTimes(projectId, link.folder);
    } catch (error) {
      log(`reading ${link.folder} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /**
   * Reads what the watcher named since the last read: just those files when each is an edit of a request file the
   * index knows (see `pullChangedFiles`); false when that cannot be, and the whole folder must be read.
   */
  const pullNamed = (projectId: string, paths: readonly string[]): boolean => {
    const link = store.linkedFolders.ofProject(projectId);
    if (link === undefined || !existsSync(link.folder)) return true;
    try {
      const outcome = pullChangedFiles(store, projectId, link.folder, paths);
      if (outcome === undefined) return false;
      if (outcome !== null) announce(projectId, link.folder, outcome);
      return true;
    } catch (error) {
      log(`reading ${link.folder} failed: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
  };

  /** What the watcher named, read now: file by file when few, or the whole folder. */
  const readBurst = (projectId: string) => {
    const burst = bursts.get(projectId);
    if (burst === undefined) return;
    const paths = [...burst.paths];
    const whole = burst.whole;
    burst.paths.clear();
    burst.whole = false;
    if (whole || paths.length > MAX_NAMED_FILES || !pullNamed(projectId, paths)) pull(projectId);
  };

  /**
   * A watcher event. The first of a quiet folder is read at once when it is an edit of one request file (the
   * common case: an editor's save); what follows within `quietMs` — a `git checkout` writes many files in a burst —
   * is gathered and read together once the folder has been quiet that long. A change of structure (a file added,
   * deleted or moved, a directory) waits for the quiet moment too, and then the whole folder is read.
   */
  const onWatched = (projectId: string, folder: string, event: string, absolute: string) => {
    if (closed) return;
    let burst = bursts.get(projectId);
    if (burst === undefined) {
      burst = { paths: new Set(), whole: false, timer: null };
      bursts.set(projectId, burst);
    }
    const path = relative(folder, absolute).split(sep).join('/');
    if (event === 'addDir' || event === 'unlinkDir') burst.whole = true;
    else if (YAML_FILE.test(path)) burst.paths.add(path);
    else return;
    const quiet = burst.timer === null;
    if (burst.timer !== null) clearTimeout(burst.timer);
    burst.timer = setTimeout(() => {
      burst.timer = null;
      readBurst(projectId);
    }, quietMs);
    // The files stay named: the read at the end of the burst reads them again (unchanged text costs a hash), so a
    // file caught halfway through an in-place write is read once more when the writer is done.
    if (quiet && !burst.whole) pullNamed(projectId, [...burst.paths]);
  };

  const stopWatching = (projectId: string) => {
    const timer = bursts.get(projectId)?.timer;
    if (timer !== undefined && timer !== null) clearTimeout(timer);
    bursts.delete(projectId);
    seenTimes.delete(projectId);
    void watchers.get(projectId)?.watcher.close();
    watchers.delete(projectId);
  };

  const writeAll = () => {
    const named = namedWrites;
    namedWrites = new Set();
    const links = store.linkedFolders.list();
    // Unlinked by another process (`client project unlink` beside the running app): no longer watched.
    const linkedIds = new Set(links.map(({ projectId }) => projectId));
    for (const projectId of [...watchers.keys()]) if (!linkedIds.has(projectId)) stopWatching(projectId);
    for (const { projectId, folder } of links) {
      if (!existsSync(folder)) continue;
      if (watchers.get(projectId)?.folder !== folder) {
        // Linked by another process (`client project link` beside the running app): read, then watched from now on.
        watchFolder(projectId, folder);
        pull(projectId);
        continue;
      }
      try {
        const pushed =
          (named === null ? undefined : pushEndpointFiles(store, projectId, folder, named)) ??
          pushLinkedFolder(store, projectId);
        if (pushed.written.length > 0 || pushed.removed.length > 0) noteTimes(projectId, folder);
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
    const entry = { folder, watcher, ready: Promise.resolve(), watching: false };
    entry.ready = new Promise<void>((resolve) =>
      watcher.once('ready', () => {
        entry.watching = true;
        // A file written while the watcher was still scanning the folder is reported by no event: one check now.
        if (!closed && store.linkedFolders.ofProject(projectId)?.folder === folder) pull(projectId);
        resolve();
      }),
    );
    watcher.on('all', (event, path) => onWatched(projectId, folder, event, path));
    watcher.on('error', (error) => log(`watching ${folder} failed: ${String(error)}`));
    watchers.set(projectId, entry);
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
    unlink(projectId) {
      const result = unlinkProject(store, projectId);
      stopWatching(projectId);
      return result;
    },
    refresh(projectId) {
      const link = store.linkedFolders.ofProject(projectId);
      if (link === undefined) return;
      const watched = watchers.get(projectId);
      const times = seenTimes.get(projectId);
      if (watched?.watching === true && watched.folder === link.folder && times !== undefined) {
        // The watcher reports every change: what it named and was not read yet is read now, and a file added,
        // removed or moved that it has not reported yet shows in its directory's time (a stat a directory, not a
        // file). Only then is the whole folder checked.
        const burst = bursts.get(projectId);
        if (burst !== undefined && (burst.whole || burst.paths.size > 0)) readBurst(projectId);
        if (directoriesUnchanged(link.folder, times)) return;
      }
      // Not watched yet: the whole folder is checked (one stat a file), an edit made before the watcher began too.
      const burst = bursts.get(projectId);
      burst?.paths.clear();
      if (burst !== undefined) burst.whole = false;
      pull(projectId);
    },
    scheduleWrite(endpointIds) {
      if (closed) return;
      if (endpointIds === undefined) namedWrites = null;
      else for (const endpointId of endpointIds) namedWrites?.add(endpointId);
      if (writeTimer !== null) return;
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
      for (const { timer } of bursts.values()) if (timer !== null) clearTimeout(timer);
      if (writeTimer !== null) clearTimeout(writeTimer);
      await Promise.all([...watchers.values()].map(({ watcher }) => watcher.close()));
    },
  };
}
