import { closeSync, constants, fchmodSync, fstatSync, openSync } from 'node:fs';
import { symlinkInDataDir } from '@client/core';

/** Windows has no O_NOFOLLOW (nor POSIX modes to repair). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** Opens `path` for reading without following a symbolic link; a link is refused with a readable error. */
function openWithoutFollowing(path: string): number {
  try {
    return openSync(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkInDataDir(path);
    throw error;
  }
}

/**
 * Tightens `path` to `mode` when group or others can read it; returns whether it had to. The mode is read and
 * changed through one descriptor opened without following links, so a link never has its target changed.
 */
export function repairLooseMode(path: string, mode: number): boolean {
  if (process.platform === 'win32') return false;
  const fd = openWithoutFollowing(path);
  try {
    if ((fstatSync(fd).mode & 0o077) === 0) return false;
    fchmodSync(fd, mode);
    return true;
  } finally {
    closeSync(fd);
  }
}
