import type { GitStatus } from './git-status.js';
import { GitWatch } from './git-watch.js';

/** A file of the linked folder that could not be read (the shape of core's `TreeProblem`). */
interface LinkProblem {
  /** Relative to the linked folder, with `/` separators. */
  file: string;
  /** 1-based, when the parser knows it. */
  line?: number;
  message: string;
}

/** The calls the window needs from the sync of linked folders. */
export interface FolderSync {
  /** Links a project to a folder: an empty folder receives the project's files, one with files is read in. */
  link(projectId: string, folder: string): void;
  /** Makes a project of a folder's files (or finds the one already linked to it); returns its id. */
  open(folder: string): string;
  /** The folder a project is linked to; null for a project kept only in the database. */
  folderOf(projectId: string): string | null;
  /** Files of the linked folder that could not be read, with where they went wrong. */
  problemsOf(projectId: string): LinkProblem[];
  /** Each endpoint file of the folder (path relative to it, `/` separators) and the endpoint it holds. */
  endpointFiles(projectId: string): ReadonlyMap<string, string>;
  /** Checks the folder for what changed on disk that its watcher has not reported yet, and reads it. */
  refresh(projectId: string): void;
  /** Subscribes to the changes read from disk; returns the function that unsubscribes. */
  onChange(listener: (change: { projectId: string }) => void): () => void;
}

/** A linked project as the window's status line, sidebar and problem list show it. */
export interface LinkStatus {
  folder: string;
  /** Null until git has answered for the first time. */
  git: GitStatus | null;
  /** Endpoints whose file differs from the last commit. */
  changedEndpointIds: string[];
  problems: LinkProblem[];
}

/**
 * How long after a change read from disk git is asked: the window redraws the change first, without git's processes
 * competing for the machine, and a burst of changes (a checkout) is asked about once.
 */
const GIT_AFTER_CHANGE_MS = 100;

/**
 * The git side of every linked project the window has asked about: a `GitWatch` per folder, refreshed after the
 * changes the sync reads from disk, and a `notify` when what the window shows (branch, changed files, problems)
 * may have moved.
 */
export class LinkStatuses {
  private readonly watches = new Map<string, GitWatch>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly stop: () => void;

  constructor(
    private readonly sync: FolderSync,
    private readonly notify: (projectId: string) => void,
  ) {
    this.stop = sync.onChange(({ projectId }) => {
      clearTimeout(this.pending.get(projectId));
      const timer = setTimeout(() => {
        this.pending.delete(projectId);
        void this.afterChange(projectId);
      }, GIT_AFTER_CHANGE_MS);
      timer.unref();
      this.pending.set(projectId, timer);
    });
  }

  /** The project's status; null when it is not linked. The first call for a project waits for git's answer. */
  async status(projectId: string): Promise<LinkStatus | null> {
    const folder = this.sync.folderOf(projectId);
    if (folder === null) {
      this.forget(projectId);
      return null;
    }
    let watch = this.watches.get(projectId);
    if (watch?.folder !== folder) {
      this.forget(projectId);
      watch = new GitWatch(folder, () => {
        // A checkout, reset or pull rewrites many files at once: the folder is checked then too, so a file git
        // deleted while a read of it was under way is not kept on the word of a watcher event that never came.
        this.sync.refresh(projectId);
        this.notify(projectId);
      });
      this.watches.set(projectId, watch);
      await watch.start();
    }
    const git = await watch.settled();
    const changedEndpointIds: string[] = [];
    if (git?.repository === true && git.changed.length > 0) {
      const endpoints = this.sync.endpointFiles(projectId);
      for (const { file } of git.changed) {
        const endpointId = endpoints.get(file);
        if (endpointId !== undefined) changedEndpointIds.push(endpointId);
      }
    }
    return { folder, git, changedEndpointIds, problems: this.sync.problemsOf(projectId) };
  }

  /** The problems come from the sync, not git: the window is told even when git says the same, but once. */
  private async afterChange(projectId: string): Promise<void> {
    const watch = this.watches.get(projectId);
    const before = watch?.status;
    await watch?.refresh().catch(() => undefined);
    // A status that moved was announced by the watch itself.
    if (watch === undefined || watch.status === before) this.notify(projectId);
  }

  close(): void {
    this.stop();
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const watch of this.watches.values()) watch.close();
    this.watches.clear();
  }

  private forget(projectId: string): void {
    this.watches.get(projectId)?.close();
    this.watches.delete(projectId);
  }
}
