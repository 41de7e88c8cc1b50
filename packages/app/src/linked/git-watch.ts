import { execFile } from 'node:child_process';
import { type FSWatcher, watch } from 'node:fs';
import { isDeepStrictEqual, promisify } from 'node:util';
import { type GitStatus, readGitStatus } from './git-status.js';

const run = promisify(execFile);

/** The files in a repository's git directory whose change means a checkout, a commit or a staged change. */
const GIT_STATE_FILES = new Set(['HEAD', 'index']);

async function gitDirOf(folder: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--absolute-git-dir'], { cwd: folder, encoding: 'utf8' });
    return stdout.trim();
  } catch {
    return null;
  }
}

/**
 * Keeps one linked folder's git status current. The sync calls `refresh()` on each change it reads from disk;
 * a checkout or commit that changes no file of the folder is seen on the repository's own HEAD and index. One
 * `git` run at a time: changes that arrive meanwhile fold into a single run after it.
 */
export class GitWatch {
  private current: GitStatus | null = null;
  private running: Promise<GitStatus> | null = null;
  private again = false;
  private watcher: FSWatcher | null = null;
  private closed = false;

  constructor(
    readonly folder: string,
    private readonly onChange: (status: GitStatus) => void,
  ) {}

  /** Reads the status once and starts following the repository's HEAD and index. */
  async start(): Promise<GitStatus> {
    const status = await this.refresh();
    const gitDir = status.repository ? await gitDirOf(this.folder) : null;
    if (gitDir !== null && !this.closed) {
      this.watcher = watch(gitDir, (_event, name) => {
        if (name !== null && GIT_STATE_FILES.has(name)) void this.refresh();
      });
      this.watcher.on('error', () => this.watcher?.close());
    }
    return status;
  }

  /** The last status read; null before the first one has finished. */
  get status(): GitStatus | null {
    return this.current;
  }

  /** The status once the run under way (if any) has settled: what a change announced just now has made of it. */
  async settled(): Promise<GitStatus | null> {
    if (this.running !== null) await this.running.catch(() => undefined);
    return this.current;
  }

  /** Reads the status again (after a run already under way, when one is), and reports it when it changed. */
  refresh(): Promise<GitStatus> {
    if (this.running !== null) {
      // The run under way reads again before it settles, so its answer includes this change too.
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let status: GitStatus;
      try {
        do {
          this.again = false;
          status = await readGitStatus(this.folder);
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
      if (!this.closed && !isDeepStrictEqual(status, this.current)) {
        this.current = status;
        this.onChange(status);
      }
      return status;
    })();
    return this.running;
  }

  close(): void {
    this.closed = true;
    this.watcher?.close();
    this.watcher = null;
  }
}
