import { statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The modification time of each directory of a linked folder, as last seen: a file added, removed or renamed in a
 * directory changes its time, an edit in place does not. A time too recent to tell apart from a change made in the
 * same clock tick (file systems keep coarse times) is kept as unknown, and the next check reads the folder.
 */
export type DirectoryTimes = ReadonlyMap<string, number>;

/** How close to now a directory's time must not be for it to be trusted, in ms. */
const RACY_MS = 50;
const UNKNOWN = -1;

/** Each directory holding one of `paths` (relative, `/` separators), and every directory above it, the root (`''`) included. */
export function directoriesOf(paths: Iterable<string>): Set<string> {
  const directories = new Set<string>(['']);
  for (const path of paths) {
    let end = path.lastIndexOf('/');
    while (end > 0) {
      const directory = path.slice(0, end);
      if (directories.has(directory)) break;
      directories.add(directory);
      end = directory.lastIndexOf('/');
    }
  }
  return directories;
}

function timeOf(folder: string, directory: string): number {
  const stats = statSync(directory === '' ? folder : join(folder, ...directory.split('/')), { throwIfNoEntry: false });
  return stats?.isDirectory() === true ? stats.mtimeMs : UNKNOWN;
}

/** The directories' times now; a missing one, or one changed a moment ago, as unknown. */
export function directoryTimes(folder: string, directories: Iterable<string>): DirectoryTimes {
  const now = Date.now();
  const times = new Map<string, number>();
  for (const directory of directories) {
    const time = timeOf(folder, directory);
    times.set(directory, now - time < RACY_MS ? UNKNOWN : time);
  }
  return times;
}

/** Whether no file was added to, removed from or renamed in any of the directories since their times were taken. */
export function directoriesUnchanged(folder: string, times: DirectoryTimes): boolean {
  for (const [directory, time] of times) {
    if (time === UNKNOWN || timeOf(folder, directory) !== time) return false;
  }
  return true;
}
