import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How a file differs from the last commit, as the window names it. */
type GitChange = 'modified' | 'added' | 'deleted' | 'renamed' | 'untracked';

export interface GitChangedFile {
  /** Relative to the linked folder, with `/` separators. */
  file: string;
  change: GitChange;
}

/** What git says about a linked folder: its branch and the files changed since the last commit. */
export type GitStatus =
  | { repository: false; reason: string }
  | {
      repository: true;
      /** The branch checked out; with `detached`, the short id of the commit checked out instead. */
      branch: string;
      detached: boolean;
      /** Files under the linked folder that differ from the last commit, in path order. */
      changed: GitChangedFile[];
    };

/** A status runs in the background on every change; a repository this slow is not one git awareness can follow. */
const GIT_TIMEOUT_MS = 10_000;
const GIT_MAX_OUTPUT = 64 * 1024 * 1024;

async function git(folder: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run('git', [...args], {
    cwd: folder,
    encoding: 'utf8',
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: GIT_MAX_OUTPUT,
    windowsHide: true,
    // A background status must not take the index lock a person's own `git commit` needs at the same moment.
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' },
  });
  return stdout;
}

function failureText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    if ((error as { code?: unknown }).code === 'ENOENT') return 'git is not installed (no `git` on the PATH)';
    const stderr = (error as { stderr?: unknown }).stderr;
    if (typeof stderr === 'string' && stderr.trim() !== '') return stderr.trim().split('\n')[0] ?? '';
  }
  return String(error);
}

function changeOf(code: string): GitChange {
  if (code === '??') return 'untracked';
  if (code.includes('R') || code.includes('C')) return 'renamed';
  if (code.includes('D')) return 'deleted';
  if (code.includes('A')) return 'added';
  return 'modified';
}

/**
 * Reads `git status --porcelain=v1 -z`: entries `XY path` separated by NUL, a rename or copy followed by its
 * old path as one more entry. Paths are relative to the repository's root whatever the working directory, so
 * `prefix` (the folder's own path in the repository, `git rev-parse --show-prefix`) is taken off.
 */
export function parsePorcelain(output: string, prefix: string): GitChangedFile[] {
  const entries = output.split('\0');
  const changed: GitChangedFile[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] ?? '';
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    const path = entry.slice(3);
    // The old path of a rename is its own entry; the new one is the file the folder holds now.
    if (code.includes('R') || code.includes('C')) index++;
    if (!path.startsWith(prefix)) continue;
    changed.push({ file: path.slice(prefix.length), change: changeOf(code) });
  }
  return changed.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

async function branchOf(folder: string): Promise<{ branch: string; detached: boolean }> {
  try {
    const name = (await git(folder, ['rev-parse', '--abbrev-ref', 'HEAD'])).trim();
    if (name !== 'HEAD') return { branch: name, detached: false };
    return { branch: (await git(folder, ['rev-parse', '--short', 'HEAD'])).trim(), detached: true };
  } catch {
    // A repository with no commit yet has no HEAD to parse, only the branch its first commit will make.
    return { branch: (await git(folder, ['symbolic-ref', '--short', 'HEAD'])).trim(), detached: false };
  }
}

/** Asks the `git` CLI about a linked folder; a folder outside any repository (or no git at all) says so. */
export async function readGitStatus(folder: string): Promise<GitStatus> {
  let prefix: string;
  try {
    const inside = (await git(folder, ['rev-parse', '--is-inside-work-tree'])).trim();
    if (inside !== 'true')
      return { repository: false, reason: 'the folder is inside a git directory, not a work tree' };
    prefix = (await git(folder, ['rev-parse', '--show-prefix'])).trim();
  } catch (error) {
    return { repository: false, reason: failureText(error) };
  }
  const [head, status] = await Promise.all([
    branchOf(folder),
    git(folder, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.']),
  ]);
  return { repository: true, ...head, changed: parsePorcelain(status, prefix) };
}
